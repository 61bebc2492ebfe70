import { requireCaller } from "@/lib/server/auth/api-caller";
import { parseOrThrow } from "@/lib/errors";
import { readBodyText } from "@/lib/server/http/read-body";
import { respond, withErrors } from "@/lib/server/http/respond";
import { parseJsonText } from "@/lib/validation/parse-json";
import { drawLabelSampleBodySchema, labelSampleSchema } from "@/lib/contracts/judge-quality";
import { drawLabelSample } from "@/lib/server/judge-quality/draw-label-sample";

export const dynamic = "force-dynamic";

// POST /api/v1/labelling/samples - draws pairs to label {benchmark, kind, size, seed?} from the version's scorings, in
// the recorded shares of judged matches, judged no-matches and filtered-out pairs (maintainers and admins; audit-logged)
export const POST = withErrors(async (request: Request) => {
  const caller = await requireCaller(request, { access: "write", roles: ["maintainer", "admin"], tokens: "admin" });
  const body = parseJsonText(await readBodyText(request, 4 * 1024), "The request body");
  const input = parseOrThrow(drawLabelSampleBodySchema, body, "The sample");
  return respond(labelSampleSchema, await drawLabelSample(caller, input), 201);
});
