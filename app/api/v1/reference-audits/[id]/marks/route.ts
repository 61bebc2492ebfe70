import { requireCaller } from "@/lib/server/auth/api-caller";
import { parseOrThrow } from "@/lib/errors";
import { readBodyText } from "@/lib/server/http/read-body";
import { respond, withErrors } from "@/lib/server/http/respond";
import { parseJsonText } from "@/lib/validation/parse-json";
import { referenceAuditViewSchema, saveMarkBodySchema } from "@/lib/contracts/judge-quality";
import { saveMark } from "@/lib/server/judge-quality/reference-audit";

export const dynamic = "force-dynamic";

// POST /api/v1/reference-audits/{id}/marks - marks one reference bug {reference_bug_id, mark: valid|invalid|unsure,
// reason}; never changes a score (maintainers and admins; audit-logged; a later mark is a new row)
export const POST = withErrors(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const caller = await requireCaller(request, { access: "write", roles: ["maintainer", "admin"], tokens: "admin" });
  const body = parseJsonText(await readBodyText(request, 8 * 1024), "The request body");
  const input = parseOrThrow(saveMarkBodySchema, body, "The mark");
  return respond(referenceAuditViewSchema, await saveMark(caller, id, input), 201);
});
