import { gradingRoutes } from "@/lib/contracts/grading-routes";
import { listRepeatJudgings } from "@/lib/server/grading/repeat-judging-view";
import { startRepeatJudging } from "@/lib/server/grading/start-repeat-judging";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/grading/repeats?benchmark= - a version's repeats of scorings' verdicts (maintainers and admins)
export const GET = handle(gradingRoutes.getGradingRepeats, ({ query }) => listRepeatJudgings(query));

// POST /api/v1/grading/repeats - asks a scoring's judge again about a seeded sample of its judged pairs, cache
// bypassed {submission, size, seed?, max_cost_usd?} (maintainers and admins; a worker job; costed, budgeted and
// audit-logged)
export const POST = handle(gradingRoutes.postGradingRepeats, ({ caller, body }) => startRepeatJudging(caller, body), {
  body: "The repeat",
  maxBodyBytes: 4 * 1024,
});
