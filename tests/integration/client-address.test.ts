import http from "node:http";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { CLIENT_ADDRESS_HEADER } from "../../lib/auth/client-address";

// The client address behind every anonymous rate limit comes from the socket: a client that rotates
// X-Forwarded-For (or sends the server's own header) is still one client. Each test connects from its own loopback
// address (127.0.0.x) so its counts never touch the limits other suites use.
const webUrl = new URL(inject("webUrl"));
const redis = new Redis(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379/13");
afterAll(() => redis.disconnect());

type Reply = { status: number; headers: http.IncomingHttpHeaders; body: string };

function request(
  from: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: webUrl.hostname,
        port: webUrl.port,
        method,
        path,
        localAddress: from,
        headers: { ...headers, ...(body ? { "content-length": String(Buffer.byteLength(body)) } : {}) },
      },
      (res) => {
        let text = "";
        res.on("data", (d: Buffer) => (text += d.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("client address", () => {
  // A fresh web server opens its rate-limit connection to Redis on the first counted request and counts in memory
  // until it is ready: counted requests from an address of their own first, until Redis holds their count.
  beforeAll(async () => {
    for (let i = 0; i < 50 && !(await redis.exists("rl:public-read:127.0.0.70")); i++) {
      await request("127.0.0.70", "GET", "/api/v1/benchmarks", {});
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  it("counts public reads against the socket address, not the X-Forwarded-For a client sends", async () => {
    const from = "127.0.0.71";
    await redis.del(`rl:public-read:${from}`);
    for (const claimed of ["6.6.6.6", "7.7.7.7, 8.8.8.8", "9.9.9.9"]) {
      const reply = await request(from, "GET", "/api/v1/benchmarks", {
        "x-forwarded-for": claimed,
        [CLIENT_ADDRESS_HEADER]: claimed,
        "x-real-ip": claimed,
      });
      expect(reply.status).toBe(200);
    }
    expect(Number(await redis.get(`rl:public-read:${from}`))).toBe(3);
    for (const claimed of ["6.6.6.6", "7.7.7.7", "8.8.8.8", "9.9.9.9"])
      expect(await redis.exists(`rl:public-read:${claimed}`)).toBe(0);
  });

  it("counts the router's link prefetches apart from page reads", async () => {
    const from = "127.0.0.73";
    await redis.del(`rl:public-read:${from}`, `rl:public-prefetch:${from}`);
    // Next answers a prefetch without its cache-busting parameter with a redirect: counted all the same.
    const prefetch = await request(from, "GET", "/method", { rsc: "1", "next-router-prefetch": "1" });
    expect([200, 307]).toContain(prefetch.status);
    expect(await request(from, "GET", "/method", {})).toMatchObject({ status: 200 });
    expect(Number(await redis.get(`rl:public-prefetch:${from}`))).toBe(1);
    expect(Number(await redis.get(`rl:public-read:${from}`))).toBe(1);
  });

  it("decides public reads, assets and metrics labels on the path Next.js routes, refusing encoded dot segments", async () => {
    const from = "127.0.0.74";
    await redis.del(`rl:public-read:${from}`);
    const requests = async (route: string, method = "GET") => {
      const text = (await request("127.0.0.1", "GET", "/api/metrics", {})).body;
      // Summed over statuses.
      return text
        .split("\n")
        .filter((l) => l.startsWith(`probebench_http_requests_total{method="${method}",route="${route}",status="`))
        .reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(" ") + 1)), 0);
    };
    const benchmarksBefore = await requests("/api/v1/benchmarks");
    // Percent-encoded dot segments are refused before anything is served.
    for (const path of ["/_next/static/%2e%2e/%2e%2e/api/v1/benchmarks", "/_next/static/%2E%2E/%2e%2e/"])
      expect((await request(from, "GET", path, {})).status, path).toBe(400);
    // Plain dot segments are resolved as Next resolves them, and the read counts like a direct one.
    expect((await request(from, "GET", "/_next/static/../../api/v1/benchmarks", {})).status).toBe(200);
    expect((await request(from, "GET", "/_next/static/../../", {})).status).toBe(200);
    expect(Number(await redis.get(`rl:public-read:${from}`))).toBe(2);
    // The request is labelled with the route it reached; a method the app does not know is "other".
    expect(await requests("/api/v1/benchmarks")).toBe(benchmarksBefore + 1);
    const otherBefore = await requests("/api/v1/benchmarks", "other");
    await request(from, "PROPFIND", "/api/v1/benchmarks", {});
    expect(await requests("/api/v1/benchmarks", "other")).toBe(otherBefore + 1);
    expect((await request("127.0.0.1", "GET", "/api/metrics", {})).body).not.toContain('method="PROPFIND"');
  });

  it("limits sign-ups per client however the client rotates X-Forwarded-For", async () => {
    const from = "127.0.0.72";
    await redis.del(`rl:sign-up:${from}`);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const body = JSON.stringify({
        email: `rotating-${Date.now()}-${i}@example.test`,
        password: "a-long-enough-password",
      });
      const reply = await request(
        from,
        "POST",
        "/api/auth/register",
        { "content-type": "application/json", origin: webUrl.origin, "x-forwarded-for": `10.9.8.${i}` },
        body,
      );
      statuses.push(reply.status);
    }
    // RATE_LIMIT_SIGN_IN is 10 in the test stack.
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it("limits password guesses per client however the client rotates X-Forwarded-For", async () => {
    const from = "127.0.0.73";
    const email = `guessed-${Date.now()}@example.test`;
    const outcomes: string[] = [];
    for (let i = 0; i < 11; i++) {
      const csrf = await request(from, "GET", "/api/auth/csrf", { "x-forwarded-for": `10.7.6.${i}` });
      const jar = (csrf.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
      const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
      const form = new URLSearchParams({ csrfToken, email, password: `wrong-${i}`, json: "true" }).toString();
      const reply = await request(
        from,
        "POST",
        "/api/auth/callback/credentials",
        { "content-type": "application/x-www-form-urlencoded", cookie: jar, "x-forwarded-for": `10.7.6.${i}` },
        form,
      );
      outcomes.push(/RateLimited/.test(String(reply.headers.location ?? "") + reply.body) ? "limited" : "refused");
    }
    expect(outcomes.slice(0, 10).every((o) => o === "refused")).toBe(true);
    expect(outcomes[10]).toBe("limited");
  });
});
