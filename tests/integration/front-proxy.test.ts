import { contractFetch } from "../support/api-contract";
import http from "node:http";
import https from "node:https";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startNginx, type RunningNginx } from "../../scripts/lib/nginx";
import { db, finding, seedBenchmark, smallBenchmark, uniqueSlug } from "../support/fixtures";
import { createTestUser, signIn, type TestUser } from "./authz-support";

// The front proxy of the deployment (deploy/nginx/nginx.conf.template), run by Debian's nginx in front of the test
// web server: forwarded headers, its cache of public pages, never caching signed-in traffic, body limits, HTTPS.
const webUrl = inject("webUrl");
const uploadMaxBytes = Number(process.env.UPLOAD_MAX_BYTES);

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** One request over HTTPS to nginx, trusting its self-signed certificate; `path` is sent as written (not resolved). */
function request(
  proxy: RunningNginx,
  path: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<Answer> {
  const { hostname, port } = new URL(proxy.httpsUrl);
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        hostname,
        port,
        path,
        method: opts.method ?? "GET",
        headers: opts.headers,
        ca: proxy.certificate,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }),
        );
      },
    );
    // nginx may answer 413 and close before a large body is sent; the answer is what counts.
    req.on("error", reject);
    req.end(opts.body);
  });
}

let proxy: RunningNginx;
let slug: string;
let user: TestUser;
let cookie: string;
let privateSubmissionId: string;

beforeAll(async () => {
  slug = await seedBenchmark();
  user = await createTestUser("user");
  cookie = await signIn(webUrl, user);
  // An unapproved submission: its page exists for its owner only.
  const upload = await contractFetch(`${webUrl}/api/v1/submissions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${user.token}` },
    body: JSON.stringify({
      benchmark: slug,
      model: "Proxy Agent",
      findings: [finding("P1", "acme/parser", "parser/lexer.py", 42, 47, "Final token lost")],
    }),
  });
  expect(upload.status).toBe(202);
  privateSubmissionId = ((await upload.json()) as { id: string }).id;
  proxy = await startNginx({ upstream: new URL(webUrl).host, uploadMaxBytes });
});

afterAll(async () => {
  await proxy?.stop();
});

describe("front proxy (nginx)", () => {
  it("replaces the forwarding headers a client sends with its own", async () => {
    // What reaches the app is observed with a small server that echoes the request headers it receives.
    const echo = http.createServer((req, res) => res.end(JSON.stringify(req.headers)));
    await new Promise<void>((resolve) => echo.listen(0, "127.0.0.1", resolve));
    const echoProxy = await startNginx({
      upstream: `127.0.0.1:${(echo.address() as { port: number }).port}`,
      uploadMaxBytes,
    });
    try {
      const answer = await request(echoProxy, "/anything", {
        headers: {
          "x-forwarded-for": "6.6.6.6, 7.7.7.7",
          "x-real-ip": "6.6.6.6",
          forwarded: "for=6.6.6.6",
          "x-forwarded-proto": "http",
          "x-forwarded-host": "evil.example",
        },
      });
      const seen = JSON.parse(answer.body) as Record<string, string>;
      expect(seen["x-forwarded-for"]).toBe("127.0.0.1");
      expect(seen["x-real-ip"]).toBe("127.0.0.1");
      expect(seen.forwarded).toBeUndefined();
      expect(seen["x-forwarded-proto"]).toBe("https");
      expect(seen["x-forwarded-host"]).toBe("127.0.0.1");
    } finally {
      await echoProxy.stop();
      echo.close();
    }
  });

  it("serves public pages and public API reads from its cache on the second request", async () => {
    const paths = [
      "/",
      `/leaderboard/${slug}/1`,
      "/repositories",
      `/api/v1/leaderboard?benchmark=${slug}@1`,
      `/api/v1/repositories?benchmark=${slug}@1`,
      "/api/v1/benchmarks",
      "/schemas/findings-file.schema.json",
    ];
    for (const path of paths) {
      const first = await request(proxy, path);
      expect(first.status, path).toBe(200);
      expect(first.headers["cache-control"], path).toMatch(/^public, .*s-maxage=\d+, stale-while-revalidate=\d+/);
      expect(first.headers["x-cache-status"], path).toBe("MISS");
      const second = await request(proxy, path);
      expect(second.headers["x-cache-status"], path).toBe("HIT");
      expect(second.body, path).toBe(first.body);
    }
    // The same URL asked for CSV in Accept is another copy, never the JSON one.
    const csv = await request(proxy, paths[3]!, { headers: { accept: "text/csv" } });
    expect(csv.headers["x-cache-status"]).toBe("MISS");
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
  });

  it("never answers signed-in requests from its cache, and never stores what they get", async () => {
    for (const auth of [{ cookie }, { authorization: `Bearer ${user.token}` }] as Record<string, string>[]) {
      // A URL nobody has asked for yet: the signed-in answer comes first.
      const path = `/api/v1/leaderboard?benchmark=${slug}@1&language=python&fresh=${Object.keys(auth)[0]}`;
      for (let i = 0; i < 2; i++) {
        const signedIn = await request(proxy, path, { headers: auth });
        expect(signedIn.headers["x-cache-status"], path).toBe("BYPASS");
        expect(signedIn.headers["cache-control"], path).toBe("private, no-store");
      }
      expect((await request(proxy, path)).headers["x-cache-status"], path).toBe("MISS");
    }
    // A page whose content depends on the viewer: the owner sees the unapproved submission, anyone else a 404.
    const path = `/submissions/${privateSubmissionId}`;
    const owner = await request(proxy, path, { headers: { cookie } });
    expect(owner.status).toBe(200);
    expect(owner.body).toContain("Proxy Agent");
    expect(owner.headers["x-cache-status"]).toBe("BYPASS");
    expect(owner.headers["cache-control"]).toMatch(/private/);
    expect(owner.headers["cache-control"]).toMatch(/no-store/);
    const visitor = await request(proxy, path);
    expect(visitor.status).toBe(404);
    expect(visitor.body).not.toContain("Proxy Agent");
    expect(visitor.headers["x-cache-status"]).toBe("MISS");
    // A cached public page is not handed to a signed-in visitor either.
    await request(proxy, "/method");
    expect((await request(proxy, "/method")).headers["x-cache-status"]).toBe("HIT");
    expect((await request(proxy, "/method", { headers: { cookie } })).headers["x-cache-status"]).toBe("BYPASS");
  });

  it("refuses oversize bodies itself: the upload limit on the upload route, 1 MB elsewhere", async () => {
    const tooLarge = await request(proxy, "/api/v1/submissions", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${user.token}` },
      body: Buffer.alloc(uploadMaxBytes + 64 * 1024, 0x20),
    });
    expect(tooLarge.status).toBe(413);
    // nginx's answer (the app words it differently), in the API's error shape.
    expect(JSON.parse(tooLarge.body)).toEqual({
      error: { code: "payload_too_large", message: "The request body is too large" },
    });
    const count = await db.submission.count({ where: { submitterId: user.id } });
    expect(count).toBe(1);

    // Under the limit the body reaches the app (which refuses the missing token).
    const allowed = await request(proxy, "/api/v1/submissions", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: Buffer.alloc(uploadMaxBytes - 64 * 1024, 0x20),
    });
    expect(allowed.status).toBe(401);

    const elsewhere = await request(proxy, "/api/auth/register", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: Buffer.alloc(1024 * 1024 + 1, 0x20),
    });
    expect(elsewhere.status).toBe(413);
    expect(JSON.parse(elsewhere.body).error.code).toBe("payload_too_large");
  });

  it("takes a benchmark file over 1 MB (up to UPLOAD_MAX_BYTES) on the admin import route", async () => {
    const admin = await createTestUser("admin");
    const file = smallBenchmark(uniqueSlug("proxy-bench"));
    // Valid JSON of 1.5 MB: the file, then whitespace.
    const body = JSON.stringify(file) + " ".repeat(1.5 * 1024 * 1024);
    expect(body.length).toBeLessThan(uploadMaxBytes);
    const imported = await request(proxy, "/api/v1/admin/benchmarks", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${admin.token}` },
      body,
    });
    expect(imported.status).toBe(201);
    expect(JSON.parse(imported.body)).toMatchObject({ slug: file.slug, version: file.version });
    const tooLarge = await request(proxy, "/api/v1/admin/benchmarks", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${admin.token}` },
      body: Buffer.alloc(uploadMaxBytes + 64 * 1024, 0x20),
    });
    expect(tooLarge.status).toBe(413);
    expect(JSON.parse(tooLarge.body).error.code).toBe("payload_too_large");
  });

  it("passes the raw path on, so the app's decisions on the normalised path hold behind it too", async () => {
    // nginx routes on its own normalised path but hands the app the request as sent: the app refuses encoded dot
    // segments and resolves plain ones to the route Next serves (and counts: tests/integration/client-address.test.ts).
    expect((await request(proxy, "/_next/static/%2e%2e/%2e%2e/api/v1/benchmarks")).status).toBe(400);
    const resolved = await request(proxy, "/_next/static/../../api/v1/benchmarks");
    expect(resolved.status).toBe(200);
    expect(resolved.headers["content-type"]).toMatch(/^application\/json/);
  });

  it("sends HSTS over HTTPS and redirects plain HTTP to HTTPS", async () => {
    const secure = await request(proxy, "/");
    expect(secure.headers["strict-transport-security"]).toMatch(/max-age=\d{7,}/);
    const plain = await fetch(`${proxy.httpUrl}/repositories?x=1`, { redirect: "manual" });
    expect(plain.status).toBe(301);
    expect(plain.headers.get("location")).toBe("https://127.0.0.1/repositories?x=1");
    expect(plain.headers.get("strict-transport-security")).toBeNull();
  });
});
