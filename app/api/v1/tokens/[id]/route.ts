import { accountRoutes } from "@/lib/contracts/account-routes";
import { revokeApiToken } from "@/lib/server/tokens/api-tokens";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// DELETE /api/v1/tokens/{id} - revoke one of the caller's own tokens; a token (of any scope) may revoke only itself
export const DELETE = handle(accountRoutes.deleteTokensId, ({ caller, params }) => revokeApiToken(caller, params.id));
