import { accountRoutes } from "@/lib/contracts/account-routes";
import { createApiTokenForUser, listApiTokens } from "@/lib/server/tokens/api-tokens";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/tokens - the caller's API tokens with scopes and expiry (prefixes only, never the secret); tokens need `read`
export const GET = handle(accountRoutes.getTokens, async ({ caller }) => ({ tokens: await listApiTokens(caller.id) }));

// POST /api/v1/tokens - create a token {name, scopes?, expires_days?}; browser session only, so a leaked token cannot
// mint more (nor widen its own scopes or lifetime). 201 with the plain token, shown this once
export const POST = handle(accountRoutes.postTokens, ({ caller, body }) => createApiTokenForUser(caller, body), {
  body: "The token",
});
