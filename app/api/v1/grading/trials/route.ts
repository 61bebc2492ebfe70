import { judgeTrialsRoutes } from "@/lib/contracts/judge-trials-routes";
import { listJudgeTrials } from "@/lib/server/judge-trials/list-judge-trials";
import { startJudgeTrial } from "@/lib/server/judge-trials/start-judge-trial";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/judge-trials?benchmark= - a version's candidate-judge trials and the judge in use (admins)
export const GET = handle(judgeTrialsRoutes.getAdminJudgeTrials, ({ query }) => listJudgeTrials(query));

// POST /api/v1/admin/judge-trials - tries a candidate judge model {benchmark, model} on the version's labelled pairs
// (admins; a worker job; audit-logged)
export const POST = handle(
  judgeTrialsRoutes.postAdminJudgeTrials,
  ({ caller, body }) => startJudgeTrial(caller, body),
  { body: "The trial", maxBodyBytes: 4 * 1024 },
);
