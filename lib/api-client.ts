import { z } from "zod";
import { adminRoutes } from "./contracts/admin-routes";
import { publicReadsRoutes } from "./contracts/public-reads-routes";
import type { ApiRoute, RouteBody } from "./contracts/route-kit";
import { submissionsRoutes } from "./contracts/submissions-routes";

// The one client of probebench's HTTP API, for the browser (same origin, session cookie) and the CLI (a base URL
// and a bearer token). It calls a route of the route list (lib/contracts/<resource>-routes.ts, keyed by the OpenAPI
// operationId): the route's path, query and body types come from its schemas, and every answer is parsed with the
// route's success schema, so no caller writes the answer's type or trusts a cast. Errors are one type, ApiError,
// carrying the server's message (written for people), every bad field of an invalid input, and how long to wait
// after a rate limit. Pure: fetch is the only I/O.

export type ApiIssue = { path: string; message: string };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues: ApiIssue[] = [],
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

// lib/errors.ts writes every error body in this shape (lib/contracts/common.ts publishes it); read leniently here so
// an error code this client does not know yet still shows its message.
const errorBodySchema = z.object({
  error: z.object({
    message: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});

/** What a status means when the body says nothing usable. */
function fallbackMessage(status: number, what: string): string {
  if (status === 401) return "Your session has ended: sign in again.";
  if (status === 413) return "The file is too large.";
  if (status === 0) return "The upload failed: the server could not be reached.";
  return `The server answered ${status}${what ? ` to ${what}` : ""}.`;
}

/** Turns a non-2xx answer (status, body text, Retry-After) into an ApiError. */
export function errorFromResponse(status: number, text: string, retryAfter: string | null, what = ""): ApiError {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON: the status says what happened */
  }
  const body = errorBodySchema.safeParse(parsed);
  const wait = retryAfter ? Number(retryAfter) : undefined;
  return new ApiError(
    status,
    body.success ? body.data.error.message : fallbackMessage(status, what),
    body.success ? (body.data.error.issues ?? []) : [],
    wait !== undefined && Number.isFinite(wait) ? wait : undefined,
  );
}

// ---- what a call to a route takes and gives, derived from the route

type BodySchema<B> = B extends readonly (infer E)[]
  ? E extends RouteBody<infer S>
    ? S
    : never
  : B extends RouteBody<infer S>
    ? S
    : never;
type ParamsInput<R> = R extends { params: infer P extends z.ZodType } ? { params: z.input<P> } : { params?: undefined };
type QueryInput<R> = R extends { query: infer Q extends z.ZodType } ? { query?: z.input<Q> } : { query?: undefined };
/** A JSON body typed by the route's schema, or a file's text sent as it is (`text`, with its content type). */
type BodyInput<R> = R extends { body: infer B }
  ? | (B extends { optional: true } ? { body?: z.input<BodySchema<B>> } : { body: z.input<BodySchema<B>> })
    | { text: string; contentType?: string }
  : { body?: undefined };

export type CallInput<R extends ApiRoute> = ParamsInput<R> & QueryInput<R> & BodyInput<R>;
export type Answer<R extends ApiRoute> = z.output<R["success"]["schema"]>;
/** The input argument may be left out when the route needs nothing. */
type CallArgs<R extends ApiRoute> = object extends CallInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>];

/** The route's path with its parameters filled in and its query appended. */
export function routeUrl(route: ApiRoute, params: object | undefined, query: object | undefined): string {
  const values = (params ?? {}) as Record<string, unknown>;
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null) throw new Error(`${route.path}: the path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null) search.set(key, String(value));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

export type ApiClientOptions = {
  /** Origin of the server; empty for the browser's own origin. */
  baseUrl?: string;
  /** Bearer token (CLI); the browser sends its session cookie instead. */
  token?: string;
  /** The message when the server cannot be reached at all. */
  unreachable?: string;
};

export function createApiClient(options: ApiClientOptions = {}) {
  const root = (options.baseUrl ?? "").replace(/\/+$/, "");
  const unreachable = options.unreachable ?? "Cannot reach the server. Check your connection and try again.";

  /** One request; `body` is sent as is when it is a string (a file's text), as JSON otherwise. */
  async function request<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    contentType = "application/json",
  ): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${root}${path}`, {
        method,
        headers: {
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(body !== undefined ? { "content-type": contentType } : {}),
        },
        body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
        cache: "no-store",
      });
    } catch {
      throw new ApiError(0, unreachable);
    }
    const text = await response.text();
    if (!response.ok) throw errorFromResponse(response.status, text, response.headers.get("retry-after"), path);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** Calls a route of the route list; the answer is parsed with the route's success schema. */
  async function call<R extends ApiRoute>(route: R, ...[input]: CallArgs<R>): Promise<Answer<R>> {
    const given = (input ?? {}) as {
      params?: object;
      query?: object;
      body?: unknown;
      text?: string;
      contentType?: string;
    };
    const bodies = route.body === undefined ? [] : Array.isArray(route.body) ? route.body : [route.body];
    const answer = await request(
      route.method.toUpperCase(),
      routeUrl(route, given.params, given.query),
      given.text ?? given.body,
      given.contentType ?? bodies[0]?.contentType ?? "application/json",
    );
    const parsed = route.success.schema.safeParse(answer);
    if (!parsed.success)
      throw new ApiError(
        502,
        `The server's answer to ${route.method.toUpperCase()} ${route.path} is not what its contract says.`,
      );
    return parsed.data as Answer<R>;
  }

  return {
    call,
    /** A findings file; the query may turn off the duplicate and unknown-path checks. */
    submit: (fileText: string, query?: CallInput<typeof submissionsRoutes.postSubmissions>["query"]) =>
      call(submissionsRoutes.postSubmissions, { text: fileText, query }),
    /** A SARIF log; the query carries what the log does not say (benchmark, model, ...). */
    submitSarif: (logText: string, query: CallInput<typeof submissionsRoutes.postSubmissions>["query"]) =>
      call(submissionsRoutes.postSubmissions, { text: logText, contentType: "application/sarif+json", query }),
    /** The server's dry run of `submit` (every check, nothing stored). */
    validate: (fileText: string, query?: CallInput<typeof submissionsRoutes.postSubmissionsValidate>["query"]) =>
      call(submissionsRoutes.postSubmissionsValidate, { text: fileText, query }),
    /** The server's dry run of `submitSarif`. */
    validateSarif: (logText: string, query: CallInput<typeof submissionsRoutes.postSubmissionsValidate>["query"]) =>
      call(submissionsRoutes.postSubmissionsValidate, { text: logText, contentType: "application/sarif+json", query }),
    status: (id: string) => call(submissionsRoutes.getSubmissionsId, { params: { id } }),
    benchmarks: () => call(publicReadsRoutes.getBenchmarks),
    importFixDates: (benchmark: string, fileText: string) =>
      call(adminRoutes.postAdminBenchmarksKeyFixDates, { params: { key: benchmark }, text: fileText }),
  };
}

const browserClient = createApiClient();

/** The browser's call to a route of its own origin's API, with the session cookie. */
export function callApi<R extends ApiRoute>(route: R, ...input: CallArgs<R>): Promise<Answer<R>> {
  return browserClient.call(route, ...input);
}
