import { requireCaller } from "@/lib/server/auth/api-caller";
import { respond, withErrors } from "@/lib/server/http/respond";
import { revokeApiToken } from "@/lib/server/tokens/api-tokens";
import { revokedApiTokenSchema } from "@/lib/contracts/account";

export const dynamic = "force-dynamic";

// DELETE /api/v1/tokens/{id} - revoke one of the caller's own tokens; a token (of any scope) may revoke only itself
export const DELETE = withErrors(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const caller = await requireCaller(request, { access: "write", tokens: "any" });
  return respond(revokedApiTokenSchema, await revokeApiToken(caller, id));
});
