import { requireCaller } from "@/lib/server/auth/api-caller";
import { parseOrThrow } from "@/lib/errors";
import { readBodyText } from "@/lib/server/http/read-body";
import { respond, withErrors } from "@/lib/server/http/respond";
import { parseJsonText } from "@/lib/validation/parse-json";
import { labelPairViewSchema, saveLabelBodySchema } from "@/lib/contracts/judge-quality";
import { saveLabel } from "@/lib/server/judge-quality/label-pairs";

export const dynamic = "force-dynamic";

// POST /api/v1/labelling/pairs/{id}/labels - labels a pair {label: same|different|debatable, note?}; answers the pair with
// what was hidden (maintainers and admins; audit-logged; a later label is a new row)
export const POST = withErrors(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const caller = await requireCaller(request, { access: "write", roles: ["maintainer", "admin"], tokens: "admin" });
  const body = parseJsonText(await readBodyText(request, 8 * 1024), "The request body");
  const input = parseOrThrow(saveLabelBodySchema, body, "The label");
  return respond(labelPairViewSchema, await saveLabel(caller, id, input), 201);
});
