import { judgeQualityRoutes } from "@/lib/contracts/judge-quality-routes";
import { drawLabelSample } from "@/lib/server/judge-quality/draw-label-sample";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// POST /api/v1/labelling/samples - draws pairs to label {benchmark, kind, size, seed?} from the version's scorings, in
// the recorded shares of judged matches, judged no-matches and filtered-out pairs (maintainers and admins; audit-logged)
export const POST = handle(
  judgeQualityRoutes.postLabellingSamples,
  ({ caller, body }) => drawLabelSample(caller, body),
  { body: "The sample", maxBodyBytes: 4 * 1024 },
);
