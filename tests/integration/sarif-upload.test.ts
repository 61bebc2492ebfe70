import { beforeAll, describe, expect, inject, it } from "vitest";
import { contractFetch } from "../support/api-contract";
import { db, seedBenchmark, userWithToken, waitForStatus } from "../support/fixtures";
import { BUG_TEXT_SELECT } from "../../lib/db-selects";

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
