import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { contractFetch } from "../support/api-contract";
import { db, seedBenchmark, uniqueSlug, userWithToken, waitForStatus } from "../support/fixtures";
import { BUG_TEXT_SELECT } from "../../lib/db-selects";
import { importBenchmark } from "../../lib/server/benchmarks/import-benchmark";
import { importSnapshot } from "../../lib/server/snapshots/import-snapshot";
import { benchmarkFileSchema } from "../../lib/validation/benchmark-file";

const webUrl = inject("webUrl");

let slug: string;
let user: { id: string; token: string };

beforeAll(async () => {
  slug = await seedBenchmark();
  user = await userWithToken();
});

async function upload(body: string, contentType: string, query = "") {
  const response = await contractFetch(`${webUrl}/api/v1/submissions${query}`, {
    method: "POST",
    headers: { "content-type": contentType, authorization: `Bearer ${user.token}` },
    body,
  });
  return { status: response.status, body: await response.json() };
}

// The same four reports, as a findings file and as a SARIF log of one tool (two SARIF runs: one per repository).
const REPORTS = [
  {
    rule: "py.lexer",
    root: "P1",
    repo: "acme/parser",
    file: "parser/lexer.py",
    start: 42,
    end: 47,
    text: "Final token lost without trailing newline",
  },
  {
    rule: "py.ast",
    root: "P2",
    repo: "acme/parser",
    file: "parser/ast.py",
    start: 101,
    end: 104,
    text: "Exponent operator binds too loosely",
  },
  {
    rule: "py.lexer",
    root: "X1",
    repo: "acme/parser",
    file: "parser/lexer.py",
    start: 45,
    end: 60,
    text: "Unicode escapes decoded twice",
  },
  {
    rule: "ts.render",
    root: "X2",
    repo: "acme/ui",
    file: "src/render.ts",
    start: 205,
    end: 210,
    text: "Legend colors swapped in dark mode",
  },
];

function findingsFile() {
  return {
    benchmark: slug,
    model: "Analyser 1.2.0",
    findings: REPORTS.map((r) => ({
      repo: r.repo,
      file: r.file,
      line_start: r.start,
      line_end: r.end,
      title: `${r.rule}: ${r.text} [root:${r.root}]`,
      description: `${r.text} [root:${r.root}]`,
      code_snippet: "call(x)",
      severity: "high",
    })),
  };
}

function sarifLog() {
  const runFor = (repo: string) => ({
    tool: { driver: { name: "Analyser", semanticVersion: "1.2.0" } },
    versionControlProvenance: [{ repositoryUri: `https://github.com/${repo}.git`, revisionId: "abc123" }],
    originalUriBaseIds: { SRCROOT: { uri: `file:///ci/checkout/${repo.split("/")[1]}/` } },
    results: [
      ...REPORTS.filter((r) => r.repo === repo).map((r) => ({
        ruleId: r.rule,
        level: "error",
        message: { text: `${r.text} [root:${r.root}]` },
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: r.file, uriBaseId: "SRCROOT" },
              region: { startLine: r.start, endLine: r.end, snippet: { text: "call(x)" } },
            },
          },
        ],
      })),
      // A result without a location: not a finding, counted in the answer
      { ruleId: "meta.summary", level: "note", message: { text: "Scan finished" } },
    ],
  });
  return {
    version: "2.1.0",
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    runs: [runFor("acme/parser"), runFor("acme/ui")],
  };
}

describe("SARIF uploads", () => {
  it("a SARIF log with the same findings as a findings file stores the same findings and scores identically", async () => {
    const json = await upload(JSON.stringify(findingsFile()), "application/json");
    const sarif = await upload(JSON.stringify(sarifLog()), "application/sarif+json", `?benchmark=${slug}`);
    expect(json.status).toBe(202);
    expect(sarif.status).toBe(202);
    expect(sarif.body).toMatchObject({ status: "queued", findings: 4, runs: 1, skipped: { without_location: 2 } });

    const [a, b] = await Promise.all([
      waitForStatus(webUrl, json.body.id, user.token),
      waitForStatus(webUrl, sarif.body.id, user.token),
    ]);
    expect(a.status).toBe("scored");
    expect(b.status).toBe("scored");
    expect(b.model).toBe("Analyser 1.2.0");
    expect(b.scores).toEqual(a.scores);
    expect(a.scores.overall).toMatchObject({
      matched_reference_bugs: 2,
      reference_bugs: 4,
      matched_findings: 2,
      findings: 4,
    });

    const stored = async (id: string) =>
      await db.finding.findMany({
        where: { run: { submissionId: id } },
        orderBy: [{ title: "asc" }],
        select: { ...BUG_TEXT_SELECT, severity: true, contentHash: true },
      });
    expect(await stored(sarif.body.id)).toEqual(await stored(json.body.id));
  });

  it("refuses malformed SARIF with 422 by JSON path, before storing anything", async () => {
    const before = await db.submission.count({ where: { submitterId: user.id } });
    const log = sarifLog();
    (
      log.runs[0]!.results[0] as { locations: { physicalLocation: { region: { startLine: number } } }[] }
    ).locations[0]!.physicalLocation.region.startLine = 0;
    const bad = await upload(JSON.stringify(log), "application/sarif+json", `?benchmark=${slug}`);
    expect(bad.status).toBe(422);
    expect(bad.body.error.issues).toContainEqual({
      path: "runs[0].results[0].locations[0].physicalLocation.region.startLine",
      message: expect.any(String),
    });

    const noBenchmark = await upload(JSON.stringify(sarifLog()), "application/sarif+json");
    expect(noBenchmark.status).toBe(422);
    expect(noBenchmark.body.error.issues).toContainEqual({
      path: "benchmark",
      message: expect.stringContaining("required"),
    });

    const unknownRepo = sarifLog();
    unknownRepo.runs[1]!.versionControlProvenance[0]!.repositoryUri = "https://github.com/acme/elsewhere";
    const unknown = await upload(JSON.stringify(unknownRepo), "application/sarif+json", `?benchmark=${slug}`);
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.issues[0]).toEqual({
      path: "runs[1].results[0]",
      message: expect.stringContaining('unknown repository "acme/elsewhere"'),
    });

    const notSarif = await upload('{"version": "2.1.0", "runs": [', "application/sarif+json", `?benchmark=${slug}`);
    expect(notSarif.status).toBe(400);
    expect(await db.submission.count({ where: { submitterId: user.id } })).toBe(before);
  });
});

describe("SARIF from real analysers, and hostile SARIF", () => {
  const ROOT = path.resolve(__dirname, "../..");
  const fixture = (name: string) => readFileSync(path.join(ROOT, "tests/fixtures/sarif-tools", name), "utf8");
  let demo: string;

  beforeAll(async () => {
    // The demo benchmark with its flowq snapshot imported, plus a C repository known only by its reference bug.
    demo = uniqueSlug("sarif-tools");
    const file = JSON.parse(readFileSync(path.join(ROOT, "data/demo/benchmark.json"), "utf8"));
    file.slug = demo;
    file.repositories.push({ name: "demo/cstr", language: "c" });
    file.reference_bugs.push({
      id: "cstr-001",
      repo: "demo/cstr",
      file: "src/copy.c",
      line_start: 7,
      line_end: 7,
      title: "strcpy into a 16-byte buffer",
      description: "greet copies any name into buf[16]",
    });
    await importBenchmark(benchmarkFileSchema.parse(file));
    await importSnapshot({
      benchmark: `${demo}@${file.version}`,
      repo: "demo/flowq",
      source: path.join(ROOT, "data/demo/repos/flowq"),
    });
  });

  it("maps ESLint's and flawfinder's absolute paths to the repository's files and says how many were mapped", async () => {
    // ESLint's SARIF formatter: file:///tmp/ci/checkout/flowq/lib/queue.js, no repository named: found by the snapshot
    const eslint = await upload(fixture("eslint-flowq.sarif"), "application/sarif+json", `?benchmark=${demo}`);
    expect(eslint.status).toBe(202);
    expect(eslint.body).toMatchObject({ findings: 10, paths: { mapped: 10, unmapped: 0 } });
    const files = await db.finding.findMany({
      where: { run: { submissionId: eslint.body.id } },
      select: { file: true },
    });
    expect(new Set(files.map((f) => f.file))).toEqual(
      new Set(["lib/events.js", "lib/queue.js", "lib/scheduler/cron.js", "lib/utils/duration.js", "lib/worker.js"]),
    );
    // flawfinder --sarif /abs/dir, sent as application/json (a .json name): recognised, mapped by the reference bug
    const flawfinder = await upload(fixture("flawfinder-cstr.sarif"), "application/json", `?benchmark=${demo}`);
    expect(flawfinder.status).toBe(202);
    expect(flawfinder.body).toMatchObject({ findings: 5, paths: { mapped: 5, unmapped: 0 } });
    const c = await db.finding.findMany({
      where: { run: { submissionId: flawfinder.body.id } },
      select: { file: true, repository: { select: { name: true } } },
    });
    expect(new Set(c.map((f) => `${f.repository.name}:${f.file}`))).toEqual(new Set(["demo/cstr:src/copy.c"]));
  });

  it("refuses amplifying placeholders, bad percent-encodings, climbing paths and unknown benchmarks by path", async () => {
    const before = await db.submission.count({ where: { submitterId: user.id } });
    const result = (uri: string, message: unknown) => ({
      ruleId: "r",
      message,
      locations: [{ physicalLocation: { artifactLocation: { uri }, region: { startLine: 1 } } }],
    });
    const hostile = {
      version: "2.1.0",
      runs: [
        {
          tool: { driver: { name: "T" } },
          results: [
            result("lib/queue.js", { text: "{0}".repeat(50_000), arguments: ["y".repeat(5_000)] }),
            result("lib/%E0%A4%A.js", { text: "x" }),
            result("../../etc/passwd", { text: "x" }),
            result("lib/queue.js", { text: "evil \u202E" }),
          ],
        },
      ],
    };
    const refused = await upload(
      JSON.stringify(hostile),
      "application/sarif+json",
      `?benchmark=${demo}&repo=demo/flowq`,
    );
    expect(refused.status).toBe(422);
    expect(refused.body.error.issues.map((i: { path: string }) => i.path)).toEqual([
      "runs[0].results[0].message",
      "runs[0].results[1].locations[0].physicalLocation.artifactLocation.uri",
    ]);
    hostile.runs[0]!.results.splice(0, 2);
    const paths = await upload(JSON.stringify(hostile), "application/sarif+json", `?benchmark=${demo}&repo=demo/flowq`);
    expect(
      paths.body.error.issues.map((i: { path: string; message: string }) => i.path + " " + i.message.split(":")[0]),
    ).toEqual(["runs[0].results[0] file", "runs[0].results[1] title", "runs[0].results[1] description"]);
    const provenance = {
      version: "2.1.0",
      runs: [
        {
          tool: { driver: { name: "T" } },
          versionControlProvenance: [{ repositoryUri: "https://github.com/%E0%A4%A/x" }],
        },
      ],
    };
    const uri = await upload(JSON.stringify(provenance), "application/sarif+json", `?benchmark=${demo}`);
    expect(uri.status).toBe(422);
    expect(uri.body.error.issues[0].path).toBe("runs[0].versionControlProvenance[0].repositoryUri");
    const nowhere = await upload(JSON.stringify(hostile), "application/sarif+json", "?benchmark=no-such-benchmark");
    expect(nowhere.status).toBe(422);
    expect(nowhere.body.error.issues).toEqual([
      { path: "benchmark", message: 'unknown benchmark "no-such-benchmark"' },
    ]);
    expect(await db.submission.count({ where: { submitterId: user.id } })).toBe(before);
  });
});
