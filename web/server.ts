import "server-only";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import next from "next";
import { CLIENT_ADDRESS_HEADER, compileTrust, resolveClientAddress } from "../lib/auth/client-address";
import { env } from "../lib/env";
import { consumeRateLimit } from "../lib/server/rate-limit/rate-limit";
import { servePage } from "./page-cache";

// The web process: Next.js behind a thin Node server. Next's route handlers cannot see the socket, so this server
// decides each request's client address (the socket, or X-Forwarded-For only from trusted proxies) and hands it on
// in one header, then counts public reads per client before Next renders anything. `--dev` runs `next dev`.
const ROOT = path.resolve(import.meta.dirname, "..");
const dev = process.argv.includes("--dev");
const trust = compileTrust({ hops: env.TRUSTED_PROXY_HOPS, proxies: env.TRUSTED_PROXIES });

// Build output and the health check are not reads a client could use to load the database or the renderer.
function countsAsPublicRead(request: IncomingMessage, pathname: string): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  return !(pathname.startsWith("/_next/static/") || pathname.startsWith("/__nextjs") || pathname === "/api/health" || pathname === "/icon.svg" || pathname === "/favicon.ico");
}

function refuse(response: ServerResponse, pathname: string, status: number, message: string, retryAfterSeconds: number): void {
  const api = pathname.startsWith("/api/");
  response.writeHead(status, {
    "content-type": api ? "application/json" : "text/html; charset=utf-8",
    "cache-control": "no-store",
    "retry-after": String(retryAfterSeconds),
    "x-content-type-options": "nosniff",
  });
  const code = status === 429 ? "rate_limited" : "unavailable";
  response.end(api ? JSON.stringify({ error: { code, message } }) : `<!doctype html><title>probebench</title><p>${message}</p>`);
}

async function main(): Promise<void> {
  const app = next({ dev, dir: ROOT, hostname: env.HOST, port: env.PORT });
  await app.prepare();
  const handle = app.getRequestHandler();

  const server = http.createServer(async (request, response) => {
    const address = resolveClientAddress(request, trust);
    request.headers[CLIENT_ADDRESS_HEADER] = address;
    const pathname = (request.url ?? "/").split("?")[0]!;
    try {
      if (countsAsPublicRead(request, pathname)) {
        const limit = await consumeRateLimit("public-read", address);
        if (!limit.allowed) {
          refuse(response, pathname, 429, `Too many requests from your address. Try again in ${limit.retryAfterSeconds} s.`, limit.retryAfterSeconds);
          return;
        }
      }
      await servePage(request, response, pathname, () => handle(request, response));
    } catch (error) {
      console.error("request failed:", error);
      if (!response.headersSent) refuse(response, pathname, 503, "The service is busy. Try again in a minute.", 60);
      else response.end();
    }
  });
  // Slow clients may not hold a socket open forever (Node's defaults, stated so they are visible).
  server.requestTimeout = 300_000;
  server.headersTimeout = 60_000;
  server.listen(env.PORT, env.HOST, () => {
    console.log(`probebench web ${dev ? "(dev) " : ""}listening on http://${env.HOST}:${env.PORT} (trusted proxy hops ${env.TRUSTED_PROXY_HOPS}${env.TRUSTED_PROXIES.length ? `, proxies ${env.TRUSTED_PROXIES.join(",")}` : ""})`);
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`web received ${signal}, closing`);
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
}

main().catch((error) => {
  console.error("web server failed to start:", error);
  process.exit(1);
});
