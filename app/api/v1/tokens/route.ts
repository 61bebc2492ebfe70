import { requireCaller } from "@/lib/auth/api-caller";
import { readBodyText } from "@/lib/server/http/read-body";
import { json, withErrors } from "@/lib/server/http/respond";
import { createApiTokenForUser, listApiTokens } from "@/lib/server/tokens/api-tokens";
import { parseJsonText } from "@/lib/validation/parse-json";

export const dynamic = "force-dynamic";

// GET /api/v1/tokens - the caller's API tokens (prefixes only, never the secret)
export const GET = withErrors(async (request: Request) => {
  const caller = await requireCaller(request, { access: "read" });
  return json({ tokens: await listApiTokens(caller.id) });
});

// POST /api/v1/tokens - create a token {name}; browser session only, so a leaked token cannot mint more.
// 201 with the plain token, shown this once
export const POST = withErrors(async (request: Request) => {
  const caller = await requireCaller(request, { access: "write", sessionOnly: true });
  const body = parseJsonText(await readBodyText(request, 16 * 1024), "The request body");
  return json(await createApiTokenForUser(caller.id, body), 201);
});
