import { judgeQualityRoutes } from "@/lib/contracts/judge-quality-routes";
import { listLabelPairs } from "@/lib/server/judge-quality/label-pairs";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/labelling/pairs?benchmark=slug@version[&kind=reference|duplicate] - the pairs drawn for labelling with the
// caller's own label; no verdict, stratum or submission (maintainers and admins)
export const GET = handle(judgeQualityRoutes.getLabellingPairs, ({ caller, query }) => listLabelPairs(caller, query));
