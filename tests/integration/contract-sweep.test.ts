import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from "vitest";
import { API_ROUTES } from "../../lib/contracts/api-routes";
import type { ApiRoute } from "../../lib/contracts/route-kit";
import { closeQueues } from "../../lib/queue/queues";
import { importReportedResults } from "../../lib/server/reported/import-reported";
import { importSnapshot } from "../../lib/server/snapshots/import-snapshot";
import { db, finding, seedBenchmark } from "../support/fixtures";
import { waitFor } from "../support/fault-harness";
import { approveSubmission, call, createTestUser, signIn, type Auth, type TestUser } from "./authz-support";

// The contract sweep: every GET route of the route list, walked over one benchmark version that holds what real
// clients meet (an approved entry of three runs, whose means over runs are fractional, its panel and bug types, and
// the paper's reported entries), each answer checked with ajv against public/schemas/openapi.json (`call` does the
// check). The list is the route table itself, so a new GET route is swept as soon as it is listed; one whose path
// parameters the sweep cannot fill fails here until it gets a line below. Every write route is then called once
// without credentials and once as an admin (at the end of this file).

const webUrl = inject("webUrl");
let key: string;
let admin: TestUser;
let submitter: TestUser;
const ids = {} as Record<
  | "submission"
  | "other"
  | "finding"
  | "referenceBug"
  | "webhook"
  | "labelPair"
  | "gradingPanel"
  | "audit"
  | "judgeTrial",
  string
>;

/** Path parameters per route template; a route named in NOT_SWEPT needs none. */
const pathValues = (template: string): Record<string, string> | undefined => {
  const [slug, version] = key.split("@") as [string, string];
  const repo = { owner: "acme", name: "parser" };
  const byTemplate: Record<string, Record<string, string>> = {
    "/api/v1/submissions/{id}": { id: ids.submission },
    "/api/v1/submissions/{id}/matches": { id: ids.submission },
    "/api/v1/submissions/{id}/pairs/{finding_id}/{reference_bug_id}": {
      id: ids.submission,
      finding_id: ids.finding,
      reference_bug_id: ids.referenceBug,
    },
    "/api/v1/submissions/{id}/analyses": { id: ids.submission },
    "/api/v1/submissions/{id}/runs": { id: ids.submission },
    "/api/v1/submissions/{id}/panel": { id: ids.submission },
    "/api/v1/submissions/{id}/findings": { id: ids.submission },
    "/api/v1/submissions/{id}/rank-history": { id: ids.submission },
    "/api/v1/repositories/{owner}/{name}": repo,
    "/api/v1/repositories/{owner}/{name}/bugs": repo,
    "/api/v1/repositories/{owner}/{name}/bugs/{bug_id}": { ...repo, bug_id: ids.referenceBug },
    "/api/v1/repositories/{owner}/{name}/plan": repo,
    "/api/v1/repositories/{owner}/{name}/context/{kind}": { ...repo, kind: "audit" },
    "/api/v1/benchmarks/{slug}/{version}/datasheet": { slug, version },
    "/api/v1/webhooks/{id}/deliveries": { id: ids.webhook },
    "/api/v1/grading/pairs/{id}": { id: ids.labelPair },
    "/api/v1/grading/panels/{id}": { id: ids.gradingPanel },
    "/api/v1/grading/references/{id}": { id: ids.audit },
    "/api/v1/grading/trials/{id}": { id: ids.judgeTrial },
    // Write routes (below); a write route not listed gets an id that names nothing (a 404 the document lists).
    "/api/v1/submissions/{id}/withdraw": { id: ids.other },
    "/api/v1/admin/submissions/{id}/review": { id: ids.submission },
    "/api/v1/admin/submissions/{id}/approve-spend": { id: ids.submission },
    "/api/v1/admin/submissions/{id}/panel": { id: ids.submission },
    "/api/v1/admin/submissions/{id}/attribution": { id: ids.submission },
    "/api/v1/admin/users/{id}": { id: submitter.id },
    "/api/v1/admin/benchmarks/{key}/fix-dates": { key },
    "/api/v1/admin/benchmarks/{key}/reference-attribution": { key },
    "/api/v1/grading/trials/{id}/switch": { id: ids.judgeTrial },
    "/api/v1/webhooks/{id}": { id: ids.webhook },
    "/api/v1/webhooks/{id}/test": { id: ids.webhook },
    "/api/v1/webhooks/{id}/enable": { id: ids.webhook },
    "/api/v1/grading/pairs/{id}/labels": { id: ids.labelPair },
    "/api/v1/grading/panels/{id}/grades": { id: ids.gradingPanel },
    "/api/v1/grading/references/{id}/marks": { id: ids.audit },
  };
  return byTemplate[template];
};

// Routes whose answers need more than this version holds, and the suite that checks them against the document.
const NOT_SWEPT: Record<string, string> = {
  "/api/v1/admin/runs/{id}": "an in-house audit run needs a sandbox: tests/integration/audit-runs.test.ts",
  "/api/v1/admin/runs/{id}/passes/{passId}": "as above: tests/integration/audit-runs.test.ts",
  "/api/v1/grading/repeats/{id}":
    "a repeat is checked against the document where it is made: tests/integration/repeat-agreement.test.ts",
  "/api/v1/admin/builds/{id}":
    "a build needs a git repository and the worker: tests/integration/benchmark-build.test.ts",
};

/** Query values a route needs to answer about this version: the version itself, and the two entries to compare. */
const queryValues = (): Record<string, string> => ({
  benchmark: key,
  repo: "acme/parser",
  a: ids.submission,
  b: ids.other,
});

/** Every value of each enum query field on its own, and each table as CSV: the shapes a client can ask for. */
function queryVariants(route: ApiRoute): Record<string, string>[] {
  const shape = route.query?.shape ?? {};
  const base = Object.fromEntries(Object.entries(queryValues()).filter(([name]) => name in shape));
  const variants = [base];
  for (const [name, field] of Object.entries(shape)) {
    const json = z.toJSONSchema(field as z.ZodType, { io: "input", unrepresentable: "any" }) as { enum?: unknown[] };
    for (const value of json.enum ?? []) {
      variants.push({ ...base, [name]: String(value) });
      if (name === "table" && "format" in shape) variants.push({ ...base, [name]: String(value), format: "csv" });
    }
  }
  return variants;
}

function fillPath(route: ApiRoute, fallback?: string): string {
  const values = pathValues(route.path) ?? {};
  return route.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name] ?? fallback;
    if (!value) throw new Error(`The sweep has no value for {${name}} of GET ${route.path}: add it to pathValues`);
    return encodeURIComponent(value);
  });
}

/** A copy of the paper's reported results, moved onto the seeded version (its per-repository cells onto its two repositories). */
function reportedFileFor(slug: string): string {
  const file = JSON.parse(readFileSync(path.resolve("data", "probe-reported.json"), "utf8"));
  file.benchmark = {
    ...file.benchmark,
    slug,
    version: "1",
    reference_bugs: 4,
    repository_count: 2,
    repositories: [
      { name: "acme/parser", language: "python", bugs: 3, files: 40, kloc: 5.5, tests: 120 },
      { name: "acme/ui", language: "typescript", bugs: 1, files: 25, kloc: 3.1, tests: 80 },
    ],
  };
  for (const config of file.configurations) {
    if (!config.per_repository) continue;
    const cells = Object.values(config.per_repository);
    config.per_repository = { "acme/parser": cells[0], "acme/ui": cells[1] ?? cells[0] };
  }
  const out = path.join(mkdtempSync(path.join(tmpdir(), "probebench-sweep-")), "reported.json");
  writeFileSync(out, JSON.stringify(file));
  return out;
}

beforeAll(async () => {
  const slug = await seedBenchmark();
  key = `${slug}@1`;
  submitter = await createTestUser("user");
  admin = await createTestUser("admin");

  // Three runs finding 1, 2 and 2 of the parser's 3 bugs: mean matched 5/3, a fractional mean over runs.
  const confirmed = (root: string, file: string, line: number, title: string) =>
    finding(root, "acme/parser", file, line, line + 4, `${title} [panel:confirmed]`);
  const runs = [
    [confirmed("P1", "parser/lexer.py", 42, "Final token lost")],
    [
      confirmed("P1", "parser/lexer.py", 43, "Last token dropped"),
      confirmed("P2", "parser/ast.py", 101, "Exponent binds loosely"),
    ],
    [
      confirmed("P1", "parser/lexer.py", 41, "Token lost at end of input"),
      confirmed("P3", "parser/errors.py", 10, "Error column counts bytes"),
      finding("X1", "acme/ui", "src/render.ts", 20, 24, "Legend colours swapped [panel:rejected:intentional]"),
    ],
  ];
  const created = await call(
    webUrl,
    "POST",
    "/api/v1/submissions",
    { token: submitter.token },
    { benchmark: slug, model: "Sweep agent", harness: "sweep", runs: runs.map((findings) => ({ findings })) },
  );
  expect(created.status).toBe(202);
  ids.submission = created.json.id;
  const other = await call(
    webUrl,
    "POST",
    "/api/v1/submissions",
    { token: submitter.token },
    { benchmark: slug, model: "Sweep other", findings: [confirmed("P2", "parser/ast.py", 100, "Power binds loosely")] },
  );
  expect(other.status).toBe(202);
  ids.other = other.json.id;
  for (const id of [ids.submission, ids.other]) {
    await waitFor(
      async () => (await call(webUrl, "GET", `/api/v1/submissions/${id}`, { token: admin.token })).json,
      (b) => b.status === "scored",
      120_000,
      `submission ${id} to be scored`,
    );
    expect(await approveSubmission(webUrl, id, admin.token)).toBe(200);
  }

  // A snapshot of the parser, so its pass plan and context documents exist.
  const tree = mkdtempSync(path.join(tmpdir(), "probebench-sweep-tree-"));
  mkdirSync(path.join(tree, "parser"));
  for (const file of ["lexer.py", "ast.py", "errors.py"])
    writeFileSync(path.join(tree, "parser", file), `def ${file.split(".")[0]}(value):\n    return value\n`);
  await importSnapshot({ benchmark: key, repo: "acme/parser", source: tree });

  // The paper's reported entries on the same version (27 rows, single and repeated runs, panels, fix-rank tests).
  const reported = await importReportedResults(reportedFileFor(slug));
  expect(reported.created).toBeGreaterThan(20);

  // A panel on the first run, a labelling sample, a reference audit and a webhook, so their reads have rows.
  const panel = await call(
    webUrl,
    "POST",
    `/api/v1/admin/submissions/${ids.submission}/panel`,
    { token: admin.token },
    { sample_size: 2, seed: "sweep" },
  );
  expect(panel.status).toBe(202);
  const sample = await call(
    webUrl,
    "POST",
    "/api/v1/grading/pairs",
    { token: admin.token },
    { benchmark: key, size: 6, seed: "sweep" },
  );
  expect(sample.status).toBe(201);
  const audit = await call(
    webUrl,
    "POST",
    "/api/v1/grading/references",
    { token: admin.token },
    { benchmark: key, size: 2, seed: "sweep" },
  );
  expect(audit.status).toBe(201);
  ids.audit = audit.json.id;
  const webhook = await call(
    webUrl,
    "POST",
    "/api/v1/webhooks",
    { token: admin.token },
    { url: "https://hooks.example.com/probebench", events: ["submission.scored"] },
  );
  expect(webhook.status).toBe(201);
  ids.webhook = webhook.json.id;

  const matches = await call(webUrl, "GET", `/api/v1/submissions/${ids.submission}/matches`, {});
  const parser = matches.json.repositories.find((r: { repo: string }) => r.repo === "acme/parser");
  ids.referenceBug = parser.matched[0].reference_bug_id;
  ids.finding = parser.matched[0].finding_ids[0];
  const pairs = await call(webUrl, "GET", `/api/v1/grading/pairs?benchmark=${key}`, { token: admin.token });
  ids.labelPair = pairs.json.pairs[0].id;
  // One labelled pair is what a candidate-judge trial needs.
  const label = await call(
    webUrl,
    "POST",
    `/api/v1/grading/pairs/${ids.labelPair}/labels`,
    { token: admin.token },
    { label: "same" },
  );
  expect(label.status).toBe(201);
  const trial = await call(
    webUrl,
    "POST",
    "/api/v1/grading/trials",
    { token: admin.token },
    { benchmark: key, model: "sweep-candidate" },
  );
  expect(trial.status).toBe(201);
  ids.judgeTrial = trial.json.id;
  await waitFor(
    async () => (await call(webUrl, "GET", `/api/v1/submissions/${ids.submission}`, { token: admin.token })).json,
    (b) => b.panel?.status === "done",
    120_000,
    "the panel to finish",
  );
  const panels = await call(webUrl, "GET", `/api/v1/grading/panels?benchmark=${key}`, { token: admin.token });
  ids.gradingPanel = panels.json.panels[0].id;
}, 300_000);

/** A valid body (and query) per write route, for an admin's session; a route not listed is sent `{}`. */
const writeInputs = (): Record<string, { body: unknown; query?: Record<string, string> }> => ({
  "POST /api/v1/submissions": {
    body: {
      benchmark: key,
      model: "Sweep writer",
      findings: [finding("W1", "acme/parser", "parser/ast.py", 5, 9, "W")],
    },
  },
  "POST /api/v1/admin/submissions/{id}/review": { body: { decision: "approve" } },
  "POST /api/v1/admin/submissions/{id}/panel": { body: { sample_size: 2, seed: "sweep-write" } },
  "PUT /api/v1/repositories/{owner}/{name}/context/{kind}": {
    body: { text: "The parser reads Python-like source.", reason: "sweep" },
    query: { benchmark: key },
  },
  "POST /api/v1/overrides": {
    body: {
      submission_id: ids.submission,
      finding_id: ids.finding,
      reference_bug_id: ids.referenceBug,
      decision: "no_match",
      reason: "sweep",
    },
  },
  "POST /api/v1/tokens": { body: { name: "sweep" } },
  "POST /api/auth/register": { body: { email: `sweep-${Date.now()}@example.test`, password: "sweep-password-12" } },
  "POST /api/v1/webhooks": { body: { url: "https://hooks.example.com/sweep", events: ["submission.scored"] } },
  "PATCH /api/v1/admin/users/{id}": { body: { submission_quota_per_day: 50, reason: "sweep" } },
  "POST /api/v1/grading/pairs": { body: { benchmark: key, size: 2, seed: "sweep-write" } },
  "POST /api/v1/grading/pairs/{id}/labels": { body: { label: "different" } },
  "POST /api/v1/grading/references": { body: { benchmark: key, size: 1, seed: "sweep-write" } },
  "POST /api/v1/grading/references/{id}/marks": {
    body: { reference_bug_id: ids.referenceBug, mark: "valid", reason: "sweep" },
  },
  "POST /api/v1/grading/trials": { body: { benchmark: key, model: "sweep-candidate-2" } },
  "POST /api/v1/grading/repeats": { body: { submission: ids.submission, size: 2, seed: "sweep-write" } },
});

afterAll(async () => {
  await closeQueues();
});

describe("contract sweep", () => {
  const gets = API_ROUTES.filter((route) => route.method === "get");

  it("lists only GET routes that exist as exceptions", () => {
    for (const template of Object.keys(NOT_SWEPT)) expect(gets.map((r) => r.path)).toContain(template);
  });

  it("answers every GET route over repeated-run and reported data as public/schemas/openapi.json says", async () => {
    const calls: string[] = [];
    const failures: string[] = [];
    for (const route of gets.filter((r) => !(r.path in NOT_SWEPT))) {
      const base = fillPath(route);
      // Public routes are read anonymously; routes where a caller widens what is visible, anonymously and as an
      // admin (who sees every part); routes that need a caller, as an admin with an API token (every GET takes one).
      const asAdmin: Auth = { token: admin.token };
      const callers: Auth[] =
        route.auth.kind === "public" ? [{}] : route.auth.kind === "optional" ? [{}, asAdmin] : [asAdmin];
      for (const query of queryVariants(route)) {
        const url = `${base}${Object.keys(query).length ? `?${new URLSearchParams(query)}` : ""}`;
        for (const caller of callers) {
          const who = caller.token ? " as admin" : "";
          calls.push(url);
          try {
            const answer = await call(webUrl, "GET", url, caller);
            if (answer.status !== 200) failures.push(`GET ${url}${who}: ${answer.status} ${answer.text.slice(0, 300)}`);
          } catch (error) {
            // call() throws when the answer does not match the document
            failures.push(`GET ${url}${who}: ${error instanceof Error ? error.message : String(error)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // Every route but the listed exceptions, most with several shapes (CSV, each table, each filter value).
    expect(new Set(calls.map((u) => u.split("?")[0])).size).toBeGreaterThanOrEqual(
      gets.length - Object.keys(NOT_SWEPT).length,
    );
    console.log(
      `contract sweep: ${calls.length} answers from ${gets.length - Object.keys(NOT_SWEPT).length} GET routes`,
    );
  }, 240_000);

  it("swept fractional means over runs and reported rows, not only whole counts", async () => {
    const board = await call(webUrl, "GET", `/api/v1/leaderboard?benchmark=${key}`, {});
    type Row = { model: string; source: string; runs: number; matched_reference_bugs: number; recall: number };
    const rows = board.json.rows as Row[];
    // Runs matching 1, 2 and 2 of the 4 reference bugs: a mean of 5/3 matched bugs, recall 5/12.
    const sweep = rows.find((r) => r.model === "Sweep agent")!;
    expect(sweep).toMatchObject({ source: "verified", runs: 3 });
    expect(sweep.matched_reference_bugs).toBeCloseTo(5 / 3, 9);
    expect(sweep.recall).toBeCloseTo(5 / 12, 9);
    const reported = rows.filter((r) => r.source === "reported");
    expect(reported.length).toBeGreaterThan(20);
    expect(reported.some((r) => r.runs >= 5 && !Number.isInteger(r.matched_reference_bugs))).toBe(true);
  });
});

// The write routes, after the reads (they change what the reads above assert). Authentication comes before any
// lookup or body, so each is refused without credentials whatever its path and body; as an admin's session each
// answers one of the statuses the document lists for it, with the documented shape, and never a 500 (a 503 is
// documented: a part the server is not configured for).
describe("contract sweep of write routes", () => {
  const writes = API_ROUTES.filter((route) => route.method !== "get");

  it("refuses every write route without credentials with its declared 401 or 403", async () => {
    const failures: string[] = [];
    for (const route of writes) {
      const method = route.method.toUpperCase();
      const url = fillPath(route, "sweep-none");
      // A same-origin route (sign-up) refuses a request from another site; every other route an anonymous one.
      const [anonymous, expected]: [Auth, number] =
        route.auth.kind === "same-origin" ? [{ origin: "https://elsewhere.example" }, 403] : [{}, 401];
      try {
        const answer = await call(webUrl, method, url, anonymous);
        if (answer.status !== expected) failures.push(`${method} ${url}: ${answer.status}, not ${expected}`);
      } catch (error) {
        failures.push(`${method} ${url}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("answers every write route as an admin with a status and shape the document declares", async () => {
    const session: Auth = { cookie: await signIn(webUrl, admin) };
    const inputs = writeInputs();
    const failures: string[] = [];
    const succeeded: string[] = [];
    // Switching to the trial's candidate changes the judge of every later scoring in the suite: put it back after.
    const judgeBefore = await db.activeJudge.findUnique({ where: { id: "active" } });
    onTestFinished(async () => {
      if (judgeBefore) await db.activeJudge.update({ where: { id: "active" }, data: judgeBefore });
      else await db.activeJudge.deleteMany({ where: { id: "active" } });
    });
    for (const route of writes) {
      const method = route.method.toUpperCase();
      const input = inputs[`${method} ${route.path}`];
      const query = input?.query ? `?${new URLSearchParams(input.query)}` : "";
      const url = `${fillPath(route, "sweep-none")}${query}`;
      try {
        const answer = await call(webUrl, method, url, session, input?.body ?? {});
        if (answer.status === 500) failures.push(`${method} ${url}: ${answer.status} ${answer.text.slice(0, 300)}`);
        if (answer.status < 300) succeeded.push(`${method} ${route.path}`);
      } catch (error) {
        // call() throws when the status or the answer is not in the document
        failures.push(`${method} ${url}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    expect(failures).toEqual([]);
    // The bodies above that nothing can refuse were taken.
    expect(succeeded).toEqual(
      expect.arrayContaining([
        "POST /api/v1/submissions",
        "POST /api/v1/tokens",
        "POST /api/v1/webhooks",
        "PATCH /api/v1/admin/users/{id}",
        "PUT /api/v1/repositories/{owner}/{name}/context/{kind}",
      ]),
    );
    console.log(`contract sweep: ${writes.length} write routes, ${succeeded.length} answered 2xx`);
  }, 120_000);
});
