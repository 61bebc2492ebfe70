import { gradingRoutes } from "@/lib/contracts/grading-routes";
import { drawLabelSample } from "@/lib/server/grading/draw-label-sample";
import { listLabelPairs } from "@/lib/server/grading/label-pairs";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// POST /api/v1/grading/pairs - draws a sample of pairs to label {benchmark, kind, size, seed?} from the version's
// scorings, in the recorded shares of judged matches, judged no-matches and filtered-out pairs (maintainers and admins;
// audit-logged)
export const POST = handle(gradingRoutes.postGradingPairs, ({ caller, body }) => drawLabelSample(caller, body), {
  body: "The sample",
  maxBodyBytes: 4 * 1024,
});

// GET /api/v1/grading/pairs?benchmark=slug@version[&kind=reference|duplicate] - the pairs drawn for labelling with the
// caller's own label; no verdict, stratum or submission (maintainers and admins)
export const GET = handle(gradingRoutes.getGradingPairs, ({ caller, query }) => listLabelPairs(caller, query));
