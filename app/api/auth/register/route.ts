import { clientKey } from "@/lib/auth/client-key";
import { accountRoutes } from "@/lib/contracts/account-routes";
import { handle } from "@/lib/server/route-handler/handle";
import { admitSignUp, registerUser } from "@/lib/server/users/register-user";

export const dynamic = "force-dynamic";

// POST /api/auth/register - create an email + password account (when ALLOW_SIGNUP); the page then signs in. The
// sign-up rate limit counts every form read, malformed or not, before the form is checked.
export const POST = handle(accountRoutes.postAuthRegister, ({ body }) => registerUser(body), {
  body: "The sign-up form",
  admit: (request) => admitSignUp(clientKey(request.headers)),
});
