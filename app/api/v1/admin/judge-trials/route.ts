import { requireCaller } from "@/lib/server/auth/api-caller";
import { parseOrThrow } from "@/lib/errors";
import { readBodyText } from "@/lib/server/http/read-body";
import { respond, withErrors } from "@/lib/server/http/respond";
import { parseJsonText } from "@/lib/validation/parse-json";
import {
  judgeTrialListSchema,
  judgeTrialSchema,
  judgeTrialsQuerySchema,
  startJudgeTrialBodySchema,
} from "@/lib/contracts/judge-trials";
import { listJudgeTrials } from "@/lib/server/judge-trials/list-judge-trials";
import { startJudgeTrial } from "@/lib/server/judge-trials/start-judge-trial";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/judge-trials?benchmark= - a version's candidate-judge trials and the judge in use (admins)
export const GET = withErrors(async (request: Request) => {
  await requireCaller(request, { access: "read", roles: ["admin"], tokens: "admin" });
  const query = parseOrThrow(
    judgeTrialsQuerySchema,
    Object.fromEntries(new URL(request.url).searchParams),
    "The query",
  );
  return respond(judgeTrialListSchema, await listJudgeTrials(query));
});

// POST /api/v1/admin/judge-trials - tries a candidate judge model {benchmark, model} on the version's labelled pairs
// (admins; a worker job; audit-logged)
export const POST = withErrors(async (request: Request) => {
  const caller = await requireCaller(request, { access: "write", roles: ["admin"], tokens: "admin" });
  const body = parseJsonText(await readBodyText(request, 4 * 1024), "The request body");
  const input = parseOrThrow(startJudgeTrialBodySchema, body, "The trial");
  return respond(judgeTrialSchema, await startJudgeTrial(caller, input), 201);
});
