import { contractFetch } from "../support/api-contract";
import http from "node:http";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db, finding, seedBenchmark, userWithToken } from "../support/fixtures";

// Uploads shaped to exhaust the server: each is answered quickly with a bounded 422, nothing is stored, and the
// server stays up. Then the concurrency bounds: two uploads in flight per user, and a byte budget per web process.
// The test stack sets UPLOAD_MAX_BYTES to 2 MB and UPLOAD_PARSE_BUDGET_BYTES to 5 MB.
const webUrl = inject("webUrl");
const redis = new Redis(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379/13");
let slug: string;
let user: { id: string; token: string };

beforeAll(async () => {
  slug = await seedBenchmark();
  user = await userWithToken();
});
afterAll(() => redis.disconnect());

async function upload(token: string, body: string) {
  const started = Date.now();
  const response = await contractFetch(`${webUrl}/api/v1/submissions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body,
  });
  return {
    status: response.status,
    body: (await response.json()) as { error?: { message: string; issues?: { path: string; message: string }[] } },
    ms: Date.now() - started,
  };
}

const header = () => `{"benchmark":"${slug}","model":"m","findings":`;
const TWO_MB = 2 * 1024 * 1024 - 1024;
const fill = (unit: string, bytes: number) =>
  Array(Math.floor(bytes / (unit.length + 1)))
    .fill(unit)
    .join(",");

describe("hostile upload shapes", () => {
  const shapes: { name: string; body: () => string; path: string; message: RegExp }[] = [
    {
      name: "many empty objects",
      body: () => `${header()}[${fill("{}", TWO_MB)}]}`,
      path: "findings",
      message: /more than 200,000 findings/,
    },
    {
      name: "many tiny broken findings under the count limit",
      body: () => `${header()}[${fill("{}", 150_000 * 3)}]}`,
      path: "findings[0].repo",
      message: /invalid: 900000 problems/,
    },
    {
      name: "deep nesting",
      body: () => `${header()}${"[".repeat(TWO_MB / 2 - 100)}${"]".repeat(TWO_MB / 2 - 100)}}`,
      path: "findings[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]",
      message: /nested too deeply/,
    },
    {
      name: "one giant string",
      body: () =>
        `${header()}[${JSON.stringify({ ...finding("X", "acme/parser", "a.py", 1, 2, "t"), description: "d".repeat(TWO_MB - 500) })}]}`,
      path: "findings[0].description",
      message: /invalid: 1 problem/,
    },
    {
      name: "one very wide object",
      body: () => `${header()}[{${Array.from({ length: 100_000 }, (_, i) => `"k${i}":0`).join(",")}}]}`,
      path: "findings[0]",
      message: /more than 64 keys/,
    },
    {
      // Refused in the upload parse thread, before the findings are copied back to the server's loop.
      name: "more runs than the per-file cap",
      body: () =>
        JSON.stringify({
          benchmark: slug,
          model: "m",
          runs: Array.from({ length: 11 }, () => ({ findings: [finding("X", "acme/parser", "a.py", 1, 2, "t")] })),
        }),
      path: "runs",
      message: /above the per-file caps/,
    },
  ];

  for (const shape of shapes) {
    it(`answers ${shape.name} with a bounded 422 and stores nothing`, async () => {
      const before = await db.submission.count();
      const reply = await upload(user.token, shape.body());
      expect(reply.status).toBe(422);
      expect(reply.body.error!.message).toMatch(shape.message);
      const issues = reply.body.error!.issues ?? [];
      expect(issues.length).toBeLessThanOrEqual(201);
      expect(issues.map((i) => i.path)).toContain(shape.path);
      expect(await db.submission.count()).toBe(before);
    });
  }

  it("says how many problems were not listed", async () => {
    const reply = await upload(user.token, `${header()}[${fill("{}", 150_000 * 3)}]}`);
    expect(reply.body.error!.issues).toHaveLength(201);
    expect(reply.body.error!.issues![200]).toEqual({
      path: "(more)",
      message: `${900_000 - 200} more problems not listed`,
    });
  });

  it("is still up and answers at once", async () => {
    const started = Date.now();
    expect((await contractFetch(`${webUrl}/api/health`)).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

// A request whose body arrives slowly: the server has begun the upload and waits for the rest.
function slowUpload(
  token: string,
  declaredBytes: number,
): { done: Promise<number>; finish: (body: string) => void; abort: () => void } {
  const url = new URL(webUrl);
  const req = http.request({
    host: url.hostname,
    port: url.port,
    path: "/api/v1/submissions",
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${token}`,
      "content-length": String(declaredBytes),
    },
  });
  const done = new Promise<number>((resolve) => {
    req.on("response", (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", () => resolve(0));
  });
  req.write("{");
  return { done, finish: (body) => req.end(body), abort: () => req.destroy() };
}

async function untilInFlight(userId: string, count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Number(await redis.get(`rl:upload-in-flight:user:${userId}`)) < count) {
    if (Date.now() > deadline) throw new Error(`uploads of ${userId} never reached ${count} in flight`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("uploads in flight", () => {
  it("allows two uploads per user at once and refuses a third with 429 until one ends", async () => {
    const valid = JSON.stringify({
      benchmark: slug,
      model: "in-flight",
      findings: [finding("P1", "acme/parser", "parser/lexer.py", 42, 47, "t")],
    });
    const rest = valid.slice(1);
    const first = slowUpload(user.token, valid.length);
    const second = slowUpload(user.token, valid.length);
    await untilInFlight(user.id, 2);
    const third = await upload(user.token, valid);
    expect(third.status).toBe(429);
    expect(third.body.error!.message).toMatch(/2 uploads in progress/);
    first.finish(rest);
    second.finish(rest);
    expect(await first.done).toBe(202);
    expect(await second.done).toBe(202);
    expect((await upload(user.token, valid)).status).toBe(202);
  });

  it("refuses with 503 an upload that would pass the process's byte budget, and frees the budget when others end", async () => {
    const others = await Promise.all([userWithToken(), userWithToken(), userWithToken()]);
    const declared = 2 * 1024 * 1024;
    const a = slowUpload(others[0]!.token, declared);
    const b = slowUpload(others[1]!.token, declared);
    await untilInFlight(others[0]!.id, 1);
    await untilInFlight(others[1]!.id, 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const c = await upload(
      others[2]!.token,
      JSON.stringify({ benchmark: slug, model: "m", findings: [] }).padEnd(declared, " "),
    );
    expect(c.status).toBe(503);
    a.abort();
    b.abort();
    await a.done;
    await b.done;
    const deadline = Date.now() + 10_000;
    let status = 0;
    while (
      Date.now() < deadline &&
      (status = (await upload(others[2]!.token, JSON.stringify({ benchmark: slug, model: "m", findings: [] })))
        .status) === 503
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(202);
    // Cut off mid-body, neither upload left a row, and neither holds its user's slot.
    expect(await db.submission.count({ where: { submitterId: { in: [others[0]!.id, others[1]!.id] } } })).toBe(0);
    for (const cut of others.slice(0, 2)) {
      const until = Date.now() + 10_000;
      while (Number(await redis.get(`rl:upload-in-flight:user:${cut.id}`)) > 0 && Date.now() < until)
        await new Promise((resolve) => setTimeout(resolve, 25));
      expect(Number(await redis.get(`rl:upload-in-flight:user:${cut.id}`))).toBe(0);
    }
  });
});
