import "server-only";
import type { z } from "zod";
import { assertTokenScope, type Access, type ApiCaller } from "../../auth/authorize-caller";
import { assertSameOrigin } from "../../auth/origin";
import type { ApiRoute, RouteBody } from "../../contracts/route-kit";
import { parseOrThrow } from "../../errors";
import { parseJsonText } from "../../validation/parse-json";
import { identifyCaller, requireCaller } from "../auth/api-caller";
import { readBodyText, readOptionalJsonBody } from "../http/read-body";
import { prefersCsv } from "../http/request-path";
import { json, withErrors } from "../http/respond";

// A route handler built from the route's declaration (lib/contracts/<resource>-routes.ts): who may call, the path,
// query and body schemas and the success status are read from the route, never restated in app/api. The handler's
// own function receives what was parsed and returns the answer in the shape of the declared success schema (checked
// at compile time; the integration suite checks every answer against the OpenAPI document).

type BodySchema<B> = B extends RouteBody<infer S> ? S : never;
type CallerOf<A> = A extends { kind: "required" | "session" }
  ? ApiCaller
  : A extends { kind: "optional" }
    ? ApiCaller | null
    : null;
type ParamsOf<R> = R extends { params: infer P extends z.ZodType } ? z.output<P> : Record<string, never>;
type QueryOf<R> = R extends { raw: boolean }
  ? Record<string, never>
  : R extends { query: infer Q extends z.ZodType }
    ? z.output<Q>
    : Record<string, never>;
type BodyOf<R> = R extends { raw: boolean }
  ? undefined
  : R extends { body: infer B }
    ? z.output<BodySchema<B>>
    : undefined;

export type RouteInput<R extends ApiRoute> = {
  caller: CallerOf<R["auth"]>;
  params: ParamsOf<R>;
  query: QueryOf<R>;
  body: BodyOf<R>;
  request: Request;
};

/**
 * What a declaration leaves to its handler: the names of the body and the path in error messages ("The review is
 * invalid: ..."), the most bytes a JSON body may have (16 KiB unless said), a check that runs once the JSON body is
 * read and before its schema is (sign-up's rate limit, which counts malformed forms too), and headers the answer
 * adds (an upload's `Location`, a public read's cache policy).
 */
export type HandleOptions<A = unknown> = {
  body?: string;
  path?: string;
  maxBodyBytes?: number;
  admit?: (request: Request) => Promise<void>;
  headers?: (answer: A, request: Request) => Record<string, string>;
};

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

const DEFAULT_MAX_BODY_BYTES = 16 * 1024;

/**
 * The caller the route's auth asks for: none (public), perhaps one (optional), one with the declared roles and token
 * scopes (required; a write's own scope is checked before `read`, so the refusal names what the action needs), or
 * one with a browser session (session).
 */
async function callerFor(route: ApiRoute, request: Request): Promise<ApiCaller | null> {
  const access: Access["access"] = route.method === "get" ? "read" : "write";
  const auth = route.auth;
  switch (auth.kind) {
    case "public":
      return null;
    case "same-origin":
      assertSameOrigin(request);
      return null;
    case "optional":
      return identifyCaller(request, { access, tokens: auth.scope });
    case "session":
      return requireCaller(request, { access, roles: auth.roles && [...auth.roles], tokens: "none" });
    case "required": {
      const scopes =
        access === "write"
          ? [...auth.scopes.filter((s) => s !== "read"), ...auth.scopes.filter((s) => s === "read")]
          : [...auth.scopes];
      const [first, ...rest] = scopes;
      const caller = await requireCaller(request, {
        access,
        roles: auth.roles && [...auth.roles],
        tokens: first ?? "any",
      });
      for (const scope of rest) assertTokenScope(caller, scope);
      return caller;
    }
  }
}

async function bodyFor(route: ApiRoute, request: Request, options: HandleOptions<never>): Promise<unknown> {
  if (route.raw || !route.body) return undefined;
  if (Array.isArray(route.body)) throw new Error(`${route.method} ${route.path} takes several bodies: declare it raw`);
  const declared = route.body as RouteBody;
  const maxBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  // An optional body left out, or sent as `null`, reads as `{}`.
  const value = declared.optional
    ? ((await readOptionalJsonBody(request, maxBytes)) ?? {})
    : parseJsonText(await readBodyText(request, maxBytes), "The request body");
  await options.admit?.(request);
  return parseOrThrow(declared.schema, value, options.body ?? "The request body");
}

/**
 * A Next route handler for `route`: the caller checked, then the path, query and JSON body parsed with the route's
 * schemas (422 naming every bad field, 400 for malformed JSON), then `fn`; its answer is sent with the declared
 * status. `fn` may return a Response of its own (downloads with a CSV twin, conditional reads). A route marked `raw`
 * leaves its body and query to `fn` (uploads read as bytes, whose query is checked by the format they turn out to be).
 */
export function handle<R extends ApiRoute>(
  route: R,
  fn: (input: RouteInput<R>) => Promise<z.input<R["success"]["schema"]> | Response>,
  options: HandleOptions<z.input<R["success"]["schema"]>> = {},
): (request: Request, context: RouteContext) => Promise<Response> {
  return withErrors(async (request: Request, context: RouteContext) => {
    const caller = await callerFor(route, request);
    const params = route.params ? parseOrThrow(route.params, await context.params, options.path ?? "The path") : {};
    const search: Record<string, string> = Object.fromEntries(new URL(request.url).searchParams);
    // A download answers `Accept: text/csv` as it answers ?format=csv; the parameter, when given, decides.
    if (route.success.csv && search.format === undefined && prefersCsv(request.headers.get("accept")))
      search.format = "csv";
    const query = route.query && !route.raw ? parseOrThrow(route.query, search, "The query") : {};
    const body = await bodyFor(route, request, options);
    const input = { caller, params, query, body, request } as RouteInput<R>;
    const answer = await fn(input);
    if (answer instanceof Response) return answer;
    return json(answer, route.success.status, options.headers?.(answer, request));
  });
}
