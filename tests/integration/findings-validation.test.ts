import { contractFetch } from "../support/api-contract";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { db, finding, seedBenchmark, userWithToken } from "../support/fixtures";

const webUrl = inject("webUrl");
let slug: string;
let token: string;

beforeAll(async () => {
  slug = await seedBenchmark();
  token = (await userWithToken()).token;
});

async function post(body: string) {
  const response = await contractFetch(`${webUrl}/api/v1/submissions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body,
  });
  return { status: response.status, body: await response.json() };
}

const good = () => finding("P1", "acme/parser", "parser/lexer.py", 42, 47, "Final token lost");

type Case = { name: string; body: () => string; status: number; paths: string[]; message?: RegExp };

const cases: Case[] = [
  {
    name: "malformed JSON",
    body: () => '{"benchmark": "x",\n  "model": }',
    status: 400,
    paths: ["(root)"],
    message: /line 2, column/,
  },
  { name: "an empty body", body: () => "", status: 400, paths: ["(root)"], message: /empty/ },
  { name: "a JSON array instead of an object", body: () => "[]", status: 422, paths: ["(root)"] },
  {
    name: "wrong types and missing fields",
    body: () =>
      JSON.stringify({
        benchmark: slug,
        model: 42,
        findings: [{ repo: "acme/parser", file: "a.py", line_start: "1", line_end: 2 }],
      }),
    status: 422,
    paths: ["model", "findings[0].line_start", "findings[0].title", "findings[0].description"],
  },
  {
    name: "line_end before line_start",
    body: () =>
      JSON.stringify({ benchmark: slug, model: "m", findings: [{ ...good(), line_start: 50, line_end: 10 }] }),
    status: 422,
    paths: ["findings[0].line_end"],
  },
  {
    name: "a bad severity and a backwards line range, both in one answer",
    body: () =>
      JSON.stringify({
        benchmark: slug,
        model: "m",
        findings: [{ ...good(), severity: "urgent", line_start: 5, line_end: 2 }],
      }),
    status: 422,
    paths: ["findings[0].severity", "findings[0].line_end"],
  },
  {
    name: "files that climb out of the repository, plain or percent-encoded",
    body: () =>
      JSON.stringify({
        benchmark: slug,
        model: "m",
        findings: [good(), { ...good(), file: "../../etc/passwd" }, { ...good(), file: "%2e%2e/x" }],
      }),
    status: 422,
    paths: ["findings[1].file", "findings[2].file"],
  },
  {
    name: "bidirectional control characters in names and titles",
    body: () =>
      JSON.stringify({
        benchmark: slug,
        model: "m\u2067",
        findings: [{ ...good(), file: "parser/\u202Eyp.lexer", title: "ok \u202D" }],
      }),
    status: 422,
    paths: ["model", "findings[0].file", "findings[0].title"],
  },
  {
    name: "a SARIF log sent as a findings file without a benchmark",
    body: () => JSON.stringify({ version: "2.1.0", runs: [{ tool: { driver: { name: "T" } }, results: [] }] }),
    status: 422,
    paths: ["(root)"],
    message: /SARIF log/,
  },
  {
    name: "an unknown benchmark",
    body: () => JSON.stringify({ benchmark: "no-such-benchmark", model: "m", findings: [good()] }),
    status: 422,
    paths: ["benchmark"],
  },
  {
    name: "an unknown repository",
    body: () => JSON.stringify({ benchmark: slug, model: "m", findings: [good(), { ...good(), repo: "acme/nope" }] }),
    status: 422,
    paths: ["findings[1].repo"],
  },
  {
    name: "no runs",
    body: () => JSON.stringify({ benchmark: slug, model: "m", runs: [] }),
    status: 422,
    paths: ["runs"],
  },
  {
    name: "neither findings nor runs",
    body: () => JSON.stringify({ benchmark: slug, model: "m" }),
    status: 422,
    paths: ["findings"],
  },
  {
    name: "a run without a findings array",
    body: () => JSON.stringify({ benchmark: slug, model: "m", runs: [{ findings: [good()] }, { cost_usd: 1 }] }),
    status: 422,
    paths: ["runs[1].findings"],
  },
  {
    name: "an over-long title",
    body: () => JSON.stringify({ benchmark: slug, model: "m", findings: [{ ...good(), title: "x".repeat(501) }] }),
    status: 422,
    paths: ["findings[0].title"],
  },
  {
    name: "NUL characters",
    body: () =>
      JSON.stringify({ benchmark: slug, model: "m", findings: [{ ...good(), description: "bad\u0000text" }] }),
    status: 422,
    paths: ["findings[0].description"],
  },
  {
    name: "__proto__ keys",
    body: () => `{"benchmark":"${slug}","model":"m","findings":[{"__proto__":{"admin":true},"repo":"acme/parser"}]}`,
    status: 422,
    paths: ["findings[0].__proto__"],
  },
  {
    name: "a body over the size limit",
    body: () => JSON.stringify({ benchmark: slug, model: "m", findings: [], pad: "x".repeat(3 * 1024 * 1024) }),
    status: 413,
    paths: [],
  },
];

describe("bad findings files get a clear 4xx naming every bad field, and nothing is stored", () => {
  for (const c of cases) {
    it(`rejects ${c.name}`, async () => {
      const before = await db.submission.count();
      const response = await post(c.body());
      expect(response.status).toBe(c.status);
      expect(response.body.error.message).toBeTruthy();
      if (c.message) expect(response.body.error.message).toMatch(c.message);
      const paths = (response.body.error.issues ?? []).map((i: { path: string }) => i.path);
      for (const p of c.paths) expect(paths).toContain(p);
      expect(await db.submission.count()).toBe(before);
    });
  }

  it("stays up after bad input", async () => {
    const health = await contractFetch(`${webUrl}/api/health`);
    expect(health.status).toBe(200);
  });
});
