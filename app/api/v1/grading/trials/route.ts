import { gradingRoutes } from "@/lib/contracts/grading-routes";
import { listJudgeTrials } from "@/lib/server/grading/list-trials";
import { startJudgeTrial } from "@/lib/server/grading/start-trial";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/grading/trials?benchmark= - a version's candidate-judge trials and the judge in use (admins)
export const GET = handle(gradingRoutes.getGradingTrials, ({ query }) => listJudgeTrials(query));

// POST /api/v1/grading/trials - tries a candidate judge model {benchmark, model} on the version's labelled pairs
// (admins; a worker job; audit-logged)
export const POST = handle(gradingRoutes.postGradingTrials, ({ caller, body }) => startJudgeTrial(caller, body), {
  body: "The trial",
  maxBodyBytes: 4 * 1024,
});
