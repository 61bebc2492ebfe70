import { requireCaller } from "@/lib/server/auth/api-caller";
import { readBodyText } from "@/lib/server/http/read-body";
import { respond, withErrors } from "@/lib/server/http/respond";
import { updateUser } from "@/lib/server/admin/update-user";
import { parseJsonText } from "@/lib/validation/parse-json";
import { updatedUserSchema } from "@/lib/contracts/admin";
import { updateUserBodySchema } from "@/lib/contracts/admin";
import { parseOrThrow } from "@/lib/errors";

export const dynamic = "force-dynamic";

// PATCH /api/v1/admin/users/{id} - change role, quota override or disabled flag {…, reason} (admins; audit-logged)
export const PATCH = withErrors(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const caller = await requireCaller(request, { access: "write", roles: ["admin"], tokens: "admin" });
  const body = parseJsonText(await readBodyText(request, 16 * 1024), "The request body");
  return respond(
    updatedUserSchema,
    await updateUser(caller.id, id, parseOrThrow(updateUserBodySchema, body, "The change")),
  );
});
