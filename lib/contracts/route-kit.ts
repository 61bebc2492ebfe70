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
  /**
   * Error statuses besides those implied by auth (401/403), path parameters (404), the body (413), the query/body
   * (422) and every route's 429/500.
   */
  errors?: readonly number[];
  /** The handler reads the body itself (uploads: bytes read under a size limit, parsed by lib/server). */
  raw?: boolean;
};

const idPath = z.object({ id: z.string().meta({ description: "The id, as returned when it was created" }) });
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

export const PUBLIC = { kind: "public" } as const;
export const OPTIONAL_READ = { kind: "optional", scope: "read" } as const;
export const READ = { kind: "required", scopes: ["read"] } as const;
export const ADMIN = { kind: "required", scopes: ["admin"], roles: ["admin"] } as const;
export const STAFF_READ = { kind: "required", scopes: ["read"], roles: ["maintainer", "admin"] } as const;
export const STAFF_WRITE = { kind: "required", scopes: ["admin"], roles: ["maintainer", "admin"] } as const;

/** A success answer, its schema's type kept: what a route's `success` holds. */
type Success<S extends z.ZodType = z.ZodType> = ApiRoute["success"] & { schema: S };

/** Whether `?format=csv` gives text/csv (csv) and the answer carries an `ETag` (etag). */
type Download = { csv?: boolean; etag?: boolean };

const answer =
  (status: number) =>
  <S extends z.ZodType>(schema: S, description: string, download?: Download): Success<S> => ({
    status,
    schema,
    description,
    ...download,
  });
export const ok = answer(200);
export const created = answer(201);
export const accepted = answer(202);

/** What a route declares besides its method, path, summary and answer: only what differs from its list. */
type RouteSpec = Omit<ApiRoute, "method" | "path" | "summary" | "tag" | "auth" | "success"> & {
  tag?: string;
  auth?: RouteAuth;
};

/** The path parameters a path template implies: `{owner}/{name}` a repository, `{id}` an id. */
type PathParams<P extends string> = P extends `${string}{owner}/{name}${string}`
  ? { params: typeof repoPath }
  : P extends `${string}{id}${string}`
    ? { params: typeof idPath }
    : unknown;

function pathParams(path: string): z.ZodObject | undefined {
  if (path.includes("{owner}/{name}")) return repoPath;
  if (path.includes("{id}")) return idPath;
  return undefined;
}

/** A list's callers by access, as handle() tells them apart: `get` reads, every other method writes. */
type ByAccess = { read: RouteAuth; write: RouteAuth };

type DeclaredRoute<
  M extends Method,
  P extends string,
  W extends Success,
  S extends RouteSpec,
  A extends RouteAuth | ByAccess,
> = Omit<S, "tag" | "auth"> &
  (S extends { params: z.ZodObject } ? unknown : PathParams<P>) & {
    method: M;
    path: P;
    summary: string;
    tag: string;
    auth: S extends { auth: infer Own extends RouteAuth }
      ? Own
      : A extends ByAccess
        ? A[M extends "get" ? "read" : "write"]
        : A;
    success: W;
  };

/** What the routes of a list share: their OpenAPI tag and who may call. */
type ListDefaults<A extends RouteAuth | ByAccess> = { tag: string; auth: A };

/**
 * The declaring functions of one route list, `get(path, summary, ok(schema, description), spec)` and the like, with
 * what its routes share given once: the OpenAPI tag and who may call (one auth, or one for reads and one for writes).
 * Each route's path is written whole, so searching the code for a path finds its declaration. The result is a plain ApiRoute that keeps every schema's type
 * for handle() and the typed client; the path parameters a path implies (`{id}`, `{owner}/{name}`) need no declaring.
 */
export function routeList<A extends RouteAuth | ByAccess>({ tag, auth }: ListDefaults<A>) {
  const declare =
    <M extends Method>(method: M) =>
    <P extends string, W extends Success, S extends RouteSpec = Record<never, never>>(
      path: P,
      summary: string,
      success: W,
      spec?: S,
    ): DeclaredRoute<M, P, W, S, A> => {
      const params = spec?.params ?? pathParams(path);
      const route: ApiRoute = {
        method,
        path,
        summary,
        ...spec,
        tag: spec?.tag ?? tag,
        auth: spec?.auth ?? ("kind" in auth ? auth : method === "get" ? auth.read : auth.write),
        ...(params && { params }),
        success,
      };
      return route as DeclaredRoute<M, P, W, S, A>;
    };
  return {
    get: declare("get"),
    post: declare("post"),
    put: declare("put"),
    patch: declare("patch"),
    delete: declare("delete"),
  };
}
