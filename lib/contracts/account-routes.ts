import { type ApiRoute, bodyJson, READ, ok, created, routeList } from "./route-kit";
import {
  apiTokenListSchema,
  createApiTokenBodySchema,
  createdApiTokenSchema,
  registerUserBodySchema,
  registeredUserSchema,
  revokedApiTokenSchema,
} from "./account";

// The caller's API tokens and email + password sign-up.
const { delete: del, get, post } = routeList({ tag: "Account", auth: { read: READ, write: { kind: "session" } } });

export const accountRoutes = {
  getTokens: get("/api/v1/tokens", "The caller's API tokens (never the secret)", ok(apiTokenListSchema, "Tokens")),
  postTokens: post(
    "/api/v1/tokens",
    "Create an API token (browser session only)",
    created(createdApiTokenSchema, "The token, shown this once"),
    { body: bodyJson(createApiTokenBodySchema), errors: [400, 409] },
  ),
  deleteTokensId: del(
    "/api/v1/tokens/{id}",
    "Revoke a token (a token may revoke only itself)",
    ok(revokedApiTokenSchema, "Revoked"),
    { auth: { kind: "required", scopes: [] } },
  ),
  postAuthRegister: post(
    "/api/auth/register",
    "Create an email and password account (when sign-up is open)",
    created(registeredUserSchema, "Created; the page then signs in"),
    { auth: { kind: "same-origin" }, body: bodyJson(registerUserBodySchema), errors: [400, 403, 409] },
  ),
} satisfies Record<string, ApiRoute>;
