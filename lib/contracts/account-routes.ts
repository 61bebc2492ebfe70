import { type ApiRoute, bodyJson, READ, routeList } from "./route-kit";
import {
  apiTokenListSchema,
  createApiTokenBodySchema,
  createdApiTokenSchema,
  registerUserBodySchema,
  registeredUserSchema,
  revokedApiTokenSchema,
} from "./account";

// The caller's API tokens and email + password sign-up.
const {
  delete: del,
  get,
  post,
} = routeList({ tag: "Account", auth: { read: READ, write: { kind: "session" } }, base: "/api" });

export const accountRoutes = {
  getTokens: get("/v1/tokens", "The caller's API tokens (never the secret)", { ok: [apiTokenListSchema, "Tokens"] }),
  postTokens: post("/v1/tokens", "Create an API token (browser session only)", {
    body: bodyJson(createApiTokenBodySchema),
    created: [createdApiTokenSchema, "The token, shown this once"],
    errors: [400, 409],
  }),
  deleteTokensId: del("/v1/tokens/{id}", "Revoke a token (a token may revoke only itself)", {
    auth: { kind: "required", scopes: [] },
    ok: [revokedApiTokenSchema, "Revoked"],
  }),
  postAuthRegister: post("/auth/register", "Create an email and password account (when sign-up is open)", {
    auth: { kind: "same-origin" },
    body: bodyJson(registerUserBodySchema),
    created: [registeredUserSchema, "Created; the page then signs in"],
    errors: [400, 403, 409],
  }),
} satisfies Record<string, ApiRoute>;
