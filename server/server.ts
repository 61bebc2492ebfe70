import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import next from "next";
import { CLIENT_ADDRESS_HEADER, compileTrust, resolveClientAddress } from "../lib/auth/client-address";
import { env } from "../lib/env";
import { log, withLogContext } from "../lib/observability/log";
import { checkQueueStore } from "../lib/queue/queue-store";
import { httpDuration, httpRequests } from "../lib/observability/metrics";
import { compileRoutes, methodLabel, routeLabel } from "../lib/observability/route-label";
import { API_ROUTES } from "../lib/contracts/api-routes";
import { csvTwinUrl, declaredMethods, normaliseRequestPath } from "../lib/server/http/request-path";
import { consumeRateLimit } from "../lib/server/rate-limit/rate-limit";
import { servePage } from "./page-cache";

// The web process: Next.js behind a thin Node server. Next's route handlers cannot see the socket, so this server
// decides each request's client address (the socket, or X-Forwarded-For only from trusted proxies) and hands it on
// in one header, then counts public reads per client before Next renders anything. `--dev` runs `next dev`. Each
// request gets an id (a sane X-Request-Id from the client or the front proxy, else a new one), echoed in the answer
// and on every log line written while it is handled; requests are counted and timed by route and status.
const ROOT = path.resolve(import.meta.dirname, "..");
const dev = process.argv.includes("--dev");
const trust = compileTrust({
  hops: env.TRUSTED_PROXY_HOPS,
  proxies: env.TRUSTED_PROXIES,
  hopAddresses: env.TRUSTED_PROXY_ADDRESSES,
});
const routes = compileRoutes(
  readdirSync(path.join(ROOT, "app"), { recursive: true, encoding: "utf8" }).map(
    (file) => `app/${file.split(path.sep).join("/")}`,
  ),
);

function requestId(request: IncomingMessage): string {
  const given = request.headers["x-request-id"];
  return typeof given === "string" && /^[\w.:-]{8,100}$/.test(given) ? given : randomUUID();
}

function measure(request: IncomingMessage, response: ServerResponse, pathname: string): void {
  const started = process.hrtime.bigint();
  response.once("finish", () => {
    const route = routeLabel(routes, pathname);
    const method = methodLabel(request.method);
    httpRequests.inc({ method, route, status: String(response.statusCode) });
    httpDuration.observe({ method, route }, Number(process.hrtime.bigint() - started) / 1e9);
  });
}

// Build output and the health check are not reads a client could use to load the database or the renderer. `pathname`
// is the normalised path (lib/server/http/request-path.ts), the one Next.js serves.
function countsAsPublicRead(request: IncomingMessage, pathname: string): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  return !(
    pathname.startsWith("/_next/static/") ||
    pathname.startsWith("/__nextjs") ||
    pathname === "/api/health" ||
    pathname === "/icon.svg" ||
    pathname === "/favicon.ico"
  );
}

/**
 * A method an API route does not declare: a JSON 405 naming the ones it does (Next.js answers an empty 405, which a
 * client expecting the API's error shape cannot read). HEAD goes with GET and OPTIONS is left to Next.js.
 */
function refusedMethod(request: IncomingMessage, response: ServerResponse, pathname: string): boolean {
  const method = (request.method ?? "GET").toUpperCase();
  if (!pathname.startsWith("/api/") || method === "OPTIONS") return false;
  const declared = declaredMethods(API_ROUTES, pathname);
  if (!declared || declared.includes(method) || (method === "HEAD" && declared.includes("GET"))) return false;
  response.writeHead(405, {
    "content-type": "application/json",
    allow: declared.join(", "),
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
  });
  const message = `${pathname} does not answer ${method}; it answers ${declared.join(", ")} (the routes are listed at /api/v1/openapi.json)`;
  response.end(JSON.stringify({ error: { code: "method_not_allowed", message } }));
  return true;
}

function refuse(
  response: ServerResponse,
  pathname: string,
  status: number,
  message: string,
  retryAfterSeconds: number,
): void {
  const api = pathname.startsWith("/api/");
  response.writeHead(status, {
    "content-type": api ? "application/json" : "text/html; charset=utf-8",
    "cache-control": "no-store",
    "retry-after": String(retryAfterSeconds),
    "x-content-type-options": "nosniff",
  });
  const code = status === 429 ? "rate_limited" : "unavailable";
  response.end(
    api ? JSON.stringify({ error: { code, message } }) : `<!doctype html><title>probebench</title><p>${message}</p>`,
  );
}

async function main(): Promise<void> {
  const app = next({ dev, dir: ROOT, hostname: env.HOST, port: env.PORT });
  await app.prepare();
  const handle = app.getRequestHandler();

  const server = http.createServer((request, response) => {
    const id = requestId(request);
    request.headers["x-request-id"] = id;
    response.setHeader("x-request-id", id);
    void withLogContext({ requestId: id }, () => handleRequest(request, response));
  });
  const handleRequest = async (request: IncomingMessage, response: ServerResponse) => {
    const address = resolveClientAddress(request, trust);
    request.headers[CLIENT_ADDRESS_HEADER] = address;
    // Every decision below is made on the path Next.js will route, never on the raw request target.
    let target = normaliseRequestPath(request.url);
    const csvTwin = target.ok ? csvTwinUrl(target.pathname, target.search) : null;
    if (csvTwin) target = normaliseRequestPath((request.url = csvTwin));
    const pathname = target.ok ? target.pathname : "/";
    measure(request, response, target.ok ? pathname : "(refused)");
    if (!target.ok) {
      response.writeHead(400, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" });
      response.end(`Bad request: ${target.reason}.`);
      return;
    }
    if (refusedMethod(request, response, pathname)) return;
    try {
      if (countsAsPublicRead(request, pathname)) {
        // Next.js marks the router's link prefetches; they have a bucket of their own (rate-limit.ts).
        const bucket = request.headers["next-router-prefetch"] ? "public-prefetch" : "public-read";
        const limit = await consumeRateLimit(bucket, address);
        if (!limit.allowed) {
          refuse(
            response,
            pathname,
            429,
            `Too many requests from your address. Try again in ${limit.retryAfterSeconds} s.`,
            limit.retryAfterSeconds,
          );
          return;
        }
      }
      await servePage(request, response, pathname, target.search, () => handle(request, response));
    } catch (error) {
      log.error({ err: error, method: request.method, path: pathname }, "request failed");
      if (!response.headersSent) refuse(response, pathname, 503, "The service is busy. Try again in a minute.", 60);
      else response.end();
    }
  };
  // Slow clients may not hold a socket open forever (Node's defaults, stated so they are visible).
  server.requestTimeout = 300_000;
  server.headersTimeout = 60_000;
  server.listen(env.PORT, env.HOST, () => {
    log.info(
      {
        dev,
        url: `http://${env.HOST}:${env.PORT}`,
        trustedProxyHops: env.TRUSTED_PROXY_HOPS,
        trustedProxies: env.TRUSTED_PROXIES,
        trustedProxyAddresses: env.TRUSTED_PROXY_ADDRESSES,
      },
      "probebench web listening",
    );
  });
  // The web app only enqueues, and its pages read Postgres: an evicting Redis is reported loudly, not refused.
  checkQueueStore().then(
    (store) => {
      for (const warning of store.warnings) log.warn(warning);
      if (store.refusal) log.error(store.refusal);
    },
    (error: unknown) => log.warn({ err: error }, "could not check the queue's Redis settings"),
  );

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "web server closing");
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
}

main().catch((error) => {
  log.fatal({ err: error }, "web server failed to start");
  process.exit(1);
});
