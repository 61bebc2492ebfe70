import { assertSameOrigin } from "@/lib/auth/origin";
import { clientKey } from "@/lib/auth/client-key";
import { parseOrThrow } from "@/lib/errors";
import { readBodyText } from "@/lib/server/http/read-body";
import { respond, withErrors } from "@/lib/server/http/respond";
import { admitSignUp, registerUser } from "@/lib/server/users/register-user";
import { parseJsonText } from "@/lib/validation/parse-json";
import { registerUserBodySchema, registeredUserSchema } from "@/lib/contracts/account";

export const dynamic = "force-dynamic";

// POST /api/auth/register - create an email + password account (when ALLOW_SIGNUP); the page then signs in
export const POST = withErrors(async (request: Request) => {
  assertSameOrigin(request);
  const body = parseJsonText(await readBodyText(request, 16 * 1024), "The request body");
  await admitSignUp(clientKey(request.headers));
  const data = parseOrThrow(registerUserBodySchema, body, "The sign-up form");
  return respond(registeredUserSchema, await registerUser(data), 201);
});
