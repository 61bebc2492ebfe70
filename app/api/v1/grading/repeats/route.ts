import { judgeQualityRoutes } from "@/lib/contracts/judge-quality-routes";
import { listRepeatJudgings } from "@/lib/server/judge-repeats/repeat-judging-view";
import { startRepeatJudging } from "@/lib/server/judge-repeats/start-repeat-judging";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/judge-quality/repeats?benchmark= - a version's repeats of scorings' verdicts (maintainers and admins)
export const GET = handle(judgeQualityRoutes.getJudgeQualityRepeats, ({ query }) => listRepeatJudgings(query));

// POST /api/v1/judge-quality/repeats - asks a scoring's judge again about a seeded sample of its judged pairs, cache
// bypassed {submission, size, seed?, max_cost_usd?} (maintainers and admins; a worker job; costed, budgeted and
// audit-logged)
export const POST = handle(
  judgeQualityRoutes.postJudgeQualityRepeats,
  ({ caller, body }) => startRepeatJudging(caller, body),
  { body: "The repeat", maxBodyBytes: 4 * 1024 },
);
