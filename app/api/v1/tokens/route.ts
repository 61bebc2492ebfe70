import { requireCaller } from "@/lib/server/auth/api-caller";
import { readBodyText } from "@/lib/server/http/read-body";
import { respond, withErrors } from "@/lib/server/http/respond";
import { createApiTokenForUser, listApiTokens } from "@/lib/server/tokens/api-tokens";
import { parseJsonText } from "@/lib/validation/parse-json";
import { apiTokenListSchema, createApiTokenBodySchema, createdApiTokenSchema } from "@/lib/contracts/account";
import { parseOrThrow } from "@/lib/errors";

export const dynamic = "force-dynamic";

// GET /api/v1/tokens - the caller's API tokens with scopes and expiry (prefixes only, never the secret); tokens need `read`
export const GET = withErrors(async (request: Request) => {
  const caller = await requireCaller(request, { access: "read", tokens: "read" });
  return respond(apiTokenListSchema, { tokens: await listApiTokens(caller.id) });
});

// POST /api/v1/tokens - create a token {name, scopes?, expires_days?}; browser session only, so a leaked token cannot
// mint more (nor widen its own scopes or lifetime). 201 with the plain token, shown this once
export const POST = withErrors(async (request: Request) => {
  const caller = await requireCaller(request, { access: "write", tokens: "none" });
  const body = parseJsonText(await readBodyText(request, 16 * 1024), "The request body");
  return respond(
    createdApiTokenSchema,
    await createApiTokenForUser(caller, parseOrThrow(createApiTokenBodySchema, body, "The token")),
    201,
  );
});
