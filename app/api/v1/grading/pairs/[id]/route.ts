import { gradingRoutes } from "@/lib/contracts/grading-routes";
import { getLabelPair } from "@/lib/server/grading/label-pairs";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/grading/pairs/{id} - one pair, blind: the two texts; the verdicts, signals and submission only once the
// caller's label is stored (maintainers and admins)
export const GET = handle(gradingRoutes.getGradingPairsId, ({ caller, params }) => getLabelPair(caller, params.id));
