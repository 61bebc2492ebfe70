import { type ApiRoute, idPath, bodyJson, READ } from "./route-kit";
import {
  apiTokenListSchema,
  createApiTokenBodySchema,
  createdApiTokenSchema,
  registerUserBodySchema,
  registeredUserSchema,
  revokedApiTokenSchema,
} from "./account";

// The caller's API tokens and email + password sign-up.
export const accountRoutes = {
  getTokens: {
    method: "get",
    path: "/api/v1/tokens",
    tag: "Account",
    summary: "The caller's API tokens (never the secret)",
    auth: READ,
    success: { status: 200, schema: apiTokenListSchema, description: "Tokens" },
  },
  postTokens: {
    method: "post",
    path: "/api/v1/tokens",
    tag: "Account",
    summary: "Create an API token (browser session only)",
    auth: { kind: "session" },
    body: bodyJson(createApiTokenBodySchema),
    success: { status: 201, schema: createdApiTokenSchema, description: "The token, shown this once" },
    errors: [400, 409, 413],
  },
  deleteTokensId: {
    method: "delete",
    path: "/api/v1/tokens/{id}",
    tag: "Account",
    summary: "Revoke a token (a token may revoke only itself)",
    auth: { kind: "required", scopes: [] },
    params: idPath,
    success: { status: 200, schema: revokedApiTokenSchema, description: "Revoked" },
    errors: [404],
  },
  postAuthRegister: {
    method: "post",
    path: "/api/auth/register",
    tag: "Account",
    summary: "Create an email and password account (when sign-up is open)",
    auth: { kind: "same-origin" },
    body: bodyJson(registerUserBodySchema),
    success: { status: 201, schema: registeredUserSchema, description: "Created; the page then signs in" },
    errors: [400, 403, 409, 413],
  },
} satisfies Record<string, ApiRoute>;
