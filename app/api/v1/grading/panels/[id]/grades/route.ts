import { requireCaller } from "@/lib/server/auth/api-caller";
import { parseOrThrow } from "@/lib/errors";
import { readBodyText } from "@/lib/server/http/read-body";
import { respond, withErrors } from "@/lib/server/http/respond";
import { parseJsonText } from "@/lib/validation/parse-json";
import { saveGradeBodySchema, savedGradeSchema } from "@/lib/contracts/judge-quality";
import { saveGrade } from "@/lib/server/judge-quality/panel-grading";

export const dynamic = "force-dynamic";

// POST /api/v1/grading/panels/{id}/grades - grades one sampled finding {finding: F-…, grade, note?} (maintainers and
// admins; audit-logged; a later grade is a new row)
export const POST = withErrors(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const caller = await requireCaller(request, { access: "write", roles: ["maintainer", "admin"], tokens: "admin" });
  const body = parseJsonText(await readBodyText(request, 8 * 1024), "The request body");
  const input = parseOrThrow(saveGradeBodySchema, body, "The grade");
  return respond(savedGradeSchema, await saveGrade(caller, id, input), 201);
});
