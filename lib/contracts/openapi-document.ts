import {
  OpenAPIRegistry,
  OpenApiGeneratorV31,
  type RouteConfig,
  type ResponseConfig,
} from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { errorBodySchema } from "./common";
import { API_ROUTES } from "./api-routes";
import type { ApiRoute } from "./route-kit";
import { WEBHOOK_EVENTS, webhookPayloadSchema } from "./webhooks";

// The OpenAPI 3.1 document of the HTTP API, generated from the zod schemas the handlers validate with and answer in
// (lib/contracts, lib/validation), so it cannot drift from the code. Served at /api/v1/openapi.json and written to
// public/schemas/openapi.json by `npm run schemas`.

const ERROR_MEANINGS: Record<number, string> = {
  400: "The body is not JSON (`invalid_json`)",
  401: "No valid credentials: a missing, expired or revoked token, or no session (`unauthorized`)",
  403: "Signed in, but the role or the token's scopes do not allow this; the message names the missing scope (`forbidden`)",
  404: "Not found, or not visible to the caller (`not_found`)",
  409: "Conflicts with the current state (`conflict`)",
  413: "The body exceeds its limit (`payload_too_large`)",
  415: "The Content-Type is not accepted (`unsupported_media_type`)",
  422: "Invalid input: every bad field by path in `issues` (`invalid_input`)",
  429: "Rate limit or daily upload quota used up; `Retry-After` says when to try again (`rate_limited`)",
  500: "Internal error: logged, never detailed (`internal`)",
  503: "Temporarily unavailable or not configured; the message says what is missing (`unavailable`)",
};

const ERROR_EXAMPLES: Record<number, { code: string; message: string }> = {
  400: { code: "invalid_json", message: "The request body is not valid JSON: Unexpected token at line 1, column 2" },
  401: { code: "unauthorized", message: "Sign in or send an API token" },
  403: { code: "forbidden", message: "This API token lacks the read scope" },
  404: { code: "not_found", message: "Submission not found" },
  409: { code: "conflict", message: "The submission is not awaiting review" },
  413: { code: "payload_too_large", message: "The request body exceeds the 50 MB limit" },
  415: { code: "unsupported_media_type", message: "Send application/json or application/sarif+json" },
  422: { code: "invalid_input", message: "The query is invalid: 1 problem" },
  429: { code: "rate_limited", message: "Too many requests: try again in 30 seconds" },
  500: { code: "internal", message: "Internal server error" },
  503: { code: "unavailable", message: "The service is busy. Try again in a minute." },
};

function statusesOf(route: ApiRoute): number[] {
  const statuses = new Set<number>(route.errors ?? []);
  if (route.auth.kind === "required" || route.auth.kind === "session") [401, 403].forEach((s) => statuses.add(s));
  if (route.auth.kind === "optional") [401, 403].forEach((s) => statuses.add(s)); // a bad or under-scoped token
  if (route.auth.kind === "same-origin") statuses.add(403);
  if (route.query || route.body) statuses.add(422);
  if (route.params) statuses.add(404); // a path parameter can name nothing
  if (route.body) statuses.add(413); // a body can be over its size limit
  // Every /api/v1 read counts against the client's public-read budget (server/server.ts), this document included.
  if (route.path.startsWith("/api/v1/")) statuses.add(429);
  statuses.add(500);
  return [...statuses].sort((a, b) => a - b);
}

function securityOf(route: ApiRoute): RouteConfig["security"] {
  switch (route.auth.kind) {
    case "public":
    case "same-origin":
      return [];
    case "optional":
      return [{}, { bearerToken: [route.auth.scope] }, { session: [] }];
    case "required":
      return [{ bearerToken: [...route.auth.scopes] }, { session: [] }];
    case "session":
      return [{ session: [] }];
  }
}

function authText(route: ApiRoute): string {
  const a = route.auth;
  const roles = "roles" in a && a.roles ? ` Role: ${a.roles.join(" or ")}.` : "";
  switch (a.kind) {
    case "public":
      return "Public.";
    case "same-origin":
      return "From this site's own pages (same-origin `Origin`).";
    case "optional":
      return `Anonymous, a session, or a token with \`${a.scope}\` (which then reads as its owner).`;
    case "required":
      return `A session, or a token with ${a.scopes.length ? a.scopes.map((s) => `\`${s}\``).join(" + ") : "any scope"}.${roles}`;
    case "session":
      return `A browser session only (tokens are refused).${roles}`;
  }
}

function responsesOf(route: ApiRoute, csv = false): Record<string, ResponseConfig> {
  const headers = route.success.etag
    ? {
        ETag: {
          description: "Weak ETag of the data stamp; send If-None-Match to get 304",
          schema: { type: "string" as const },
        },
      }
    : undefined;
  // The CSV of a download is its own operation at `<path>.csv` (csvTwinOf), so each answer has one media type.
  const content: NonNullable<ResponseConfig["content"]> = csv
    ? { "text/csv": { schema: z.string().meta({ description: "RFC 4180 CSV with a header row" }) } }
    : { "application/json": { schema: route.success.schema } };
  const responses: Record<string, ResponseConfig> = {
    [route.success.status]: { description: route.success.description, headers, content },
  };
  if (route.success.etag) responses[304] = { description: "Not modified (If-None-Match matched)" };
  for (const status of statusesOf(route)) {
    responses[status] = {
      description: ERROR_MEANINGS[status] ?? "Error",
      headers:
        status === 429
          ? { "Retry-After": { description: "Seconds to wait", schema: { type: "integer" as const } } }
          : undefined,
      content: { "application/json": { schema: errorBodySchema, example: { error: ERROR_EXAMPLES[status] } } },
    };
  }
  return responses;
}

/**
 * A download's query without `format` (the JSON operation answers JSON; its `.csv` twin answers CSV). The handlers
 * still read `format=csv`, which the `.csv` path is rewritten to (server/server.ts), so links written that way work.
 */
function withoutFormat(query: z.ZodObject | undefined): z.ZodObject | undefined {
  return query && "format" in query.shape ? query.omit({ format: true }) : query;
}

/** GET <path>.csv: the same download as CSV, typed as text by generated clients. */
function registerCsvTwin(registry: OpenAPIRegistry, route: ApiRoute): void {
  const path = `${route.path}.csv`;
  registry.registerPath({
    method: route.method,
    path,
    operationId: operationId({ method: route.method, path }),
    summary: `${route.summary} (CSV)`,
    description: [
      `The CSV of \`${route.method.toUpperCase()} ${route.path}\` (the same query; also \`?format=csv\` there).`,
      `**Auth:** ${authText(route)}`,
    ].join("\n\n"),
    tags: [route.tag],
    security: securityOf(route),
    request: { params: route.params, query: withoutFormat(route.query) },
    responses: responsesOf(route, true),
  });
}

function registerRoute(registry: OpenAPIRegistry, route: ApiRoute): void {
  if (route.success.csv) registerCsvTwin(registry, route);
  const bodies = route.body === undefined ? [] : Array.isArray(route.body) ? route.body : [route.body];
  registry.registerPath({
    method: route.method,
    path: route.path,
    operationId: operationId(route),
    summary: route.summary,
    description: [route.description, `**Auth:** ${authText(route)}`].filter(Boolean).join("\n\n"),
    tags: [route.tag],
    security: securityOf(route),
    request: {
      params: route.params,
      query: route.success.csv ? withoutFormat(route.query) : route.query,
      body: bodies.length
        ? {
            required: !bodies.some((b) => b.optional),
            content: Object.fromEntries(bodies.map((b) => [b.contentType, { schema: b.schema }])),
          }
        : undefined,
    },
    responses: responsesOf(route),
  });
}

/** `get /api/v1/submissions/{id}` -> `getSubmissionsId`: stable, readable ids for generated clients. */
function operationId(route: Pick<ApiRoute, "method" | "path">): string {
  const words = route.path
    .replace(/^\/api\/(v1\/)?/, "")
    .split(/[/.\-_]/)
    .filter(Boolean)
    .map((w) => w.replace(/[{}]/g, ""));
  return route.method + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join("");
}

/** Where the API is: the demo's origin (`npm run demo`); a deployment's served document names its own (withServer). */
const DEFAULT_SERVER = {
  url: "http://localhost:3000",
  description: "npm run demo (a deployment serves its own origin)",
};

/** The document as a deployment serves it: `servers` names its public origin when it is configured. */
export function withServer(document: object, origin: string | undefined): object {
  return origin
    ? { ...document, servers: [{ url: origin, description: "This deployment" }, DEFAULT_SERVER] }
    : document;
}

let cached: object | undefined;

/** The OpenAPI 3.1 document (built once per process: it depends on code only). */
export function buildOpenApiDocument(): object {
  if (cached) return cached;
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", "bearerToken", {
    type: "http",
    scheme: "bearer",
    description:
      "An API token (account page or `probebench token create`). Its scopes (`submit`, `read`, `admin`) are listed per operation.",
  });
  registry.registerComponent("securitySchemes", "session", {
    type: "apiKey",
    in: "cookie",
    name: "next-auth.session-token",
    description:
      "The browser session of this site (`__Secure-next-auth.session-token` over HTTPS); writes also need a same-origin `Origin`.",
  });
  // What a registered endpoint receives (OpenAPI 3.1 `webhooks`), signed per Standard Webhooks.
  for (const event of [...WEBHOOK_EVENTS, "webhook.test"]) {
    registry.registerWebhook({
      method: "post",
      path: event,
      operationId: `webhook${event
        .split(/[._]/)
        .map((w) => w[0]!.toUpperCase() + w.slice(1))
        .join("")}`,
      // The receiver checks the Standard Webhooks signature in the headers; no credential of this API is sent.
      security: [],
      summary: `The ${event} event`,
      description:
        "Headers `webhook-id` (the same on every retry), `webhook-timestamp` (Unix seconds) and `webhook-signature` (`v1,<base64 HMAC-SHA256 of id.timestamp.body>` with the endpoint's secret). Answer 2xx within 10 s; anything else is retried with exponential backoff for up to 24 hours.",
      request: { body: { content: { "application/json": { schema: webhookPayloadSchema } } } },
      responses: { 200: { description: "Any 2xx acknowledges the delivery" } },
    });
  }
  for (const route of API_ROUTES) registerRoute(registry, route);
  const generator = new OpenApiGeneratorV31(registry.definitions);
  const document = generator.generateDocument({
    openapi: "3.1.0",
    info: {
      title: "probebench API",
      version: "1",
      description:
        "Upload findings (JSON or SARIF), follow scoring, read the leaderboard and its data, and receive signed webhooks. Errors are `{error: {code, message, issues?}}`. The [submit page](/submit) explains uploads and webhooks step by step.",
    },
    servers: [DEFAULT_SERVER],
    tags: [
      "Submissions",
      "Workbench",
      "Public data",
      "Analyses",
      "Account",
      // Not "Webhooks": the reference lists the `webhooks` (the events an endpoint receives) under that name.
      "Webhook endpoints",
      "Staff",
      "Admin",
      "Service",
    ].map((name) => ({ name })),
  });
  cached = withoutNullQueryTypes(document);
  return cached;
}

/**
 * A query string cannot carry null, yet optional coerced numbers come out typed ["number", "null"]: keep the
 * non-null type of every parameter.
 */
function withoutNullQueryTypes<D extends { paths?: object }>(document: D): D {
  for (const operations of Object.values(document.paths ?? {}))
    for (const operation of Object.values(
      operations as Record<string, { parameters?: { schema?: { type?: unknown } }[] }>,
    ))
      for (const parameter of operation.parameters ?? []) {
        const type = parameter.schema?.type;
        if (Array.isArray(type) && type.includes("null")) {
          const rest = type.filter((t) => t !== "null");
          parameter.schema!.type = rest.length === 1 ? rest[0] : rest;
        }
      }
  return document;
}
