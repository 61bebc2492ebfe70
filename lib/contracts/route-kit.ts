import { z } from "zod";

// What every route list (lib/contracts/<resource>-routes.ts) is written with: the route type, who may call, body
// helpers and the shared path parameters. Pure zod, so the browser, the CLI and the server import it alike.

type Method = "get" | "post" | "put" | "patch" | "delete";

/**
 * Who may call: `public` (no credentials read), `optional` (a token with the scope, or a session, widens what is
 * visible), `required` (a token with the scope, or a session; `roles` limits both), `session` (a browser session only).
 */
type RouteAuth =
  | { kind: "public" }
  | { kind: "optional"; scope: "read" }
  | { kind: "required"; scopes: readonly ("read" | "submit" | "admin")[]; roles?: readonly ("maintainer" | "admin")[] }
  | { kind: "session"; roles?: readonly ("maintainer" | "admin")[] }
  | { kind: "same-origin" };

/** `optional`: the body may be left out (read as `{}`). `S` keeps the schema's type for the typed client. */
export type RouteBody<S extends z.ZodType = z.ZodType> = {
  contentType: string;
  schema: S;
  description?: string;
  optional?: boolean;
};

export type ApiRoute = {
  method: Method;
  /** OpenAPI path template: /api/v1/submissions/{id} */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  auth: RouteAuth;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: RouteBody | RouteBody[];
  /** The success answer: status, schema, and whether `?format=csv` gives text/csv instead. */
  success: { status: number; schema: z.ZodType; description: string; csv?: boolean; etag?: boolean };
  /** Error statuses besides those implied by auth (401/403), the query/body (422) and every route's 429/500. */
  errors?: readonly number[];
  /** The handler reads the body itself (uploads: bytes read under a size limit, parsed by lib/server). */
  raw?: boolean;
};

export const idPath = z.object({ id: z.string().meta({ description: "The id, as returned when it was created" }) });
export const repoPath = z.object({ owner: z.string(), name: z.string() });

export const bodyJson = <S extends z.ZodType>(schema: S, description?: string): RouteBody<S> => ({
  contentType: "application/json",
  schema,
  description,
});
export const optionalBodyJson = <S extends z.ZodType>(schema: S): RouteBody<S> & { optional: true } => ({
  contentType: "application/json",
  schema,
  optional: true,
});

export const READ = { kind: "required", scopes: ["read"] } as const;
export const ADMIN = { kind: "required", scopes: ["admin"], roles: ["admin"] } as const;
export const STAFF_READ = { kind: "required", scopes: ["read"], roles: ["maintainer", "admin"] } as const;
export const STAFF_WRITE = { kind: "required", scopes: ["admin"], roles: ["maintainer", "admin"] } as const;
