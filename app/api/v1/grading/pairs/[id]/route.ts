import { judgeQualityRoutes } from "@/lib/contracts/judge-quality-routes";
import { getLabelPair } from "@/lib/server/judge-quality/label-pairs";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/labelling/pairs/{id} - one pair, blind: the two texts; the verdicts, signals and submission only once the
// caller's label is stored (maintainers and admins)
export const GET = handle(judgeQualityRoutes.getLabellingPairsId, ({ caller, params }) =>
  getLabelPair(caller, params.id),
);
