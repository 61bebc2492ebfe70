// The panel as the paper runs it (§2.3, F.6.2, Table 14) against real Postgres and the real worker service; only the
// LLM is the local fake (tests/support/fake-panel-attribution.ts). A three-run submission is sampled on its first run only;
// every judge of a finding whose repository has an imported snapshot reads the file the finding names (a read_file
// tool call answered from the extracted snapshot) before its verdict, so a made-up snippet is caught as
// code-mismatch; a finding of a repository without a snapshot is judged from its text and counted as such.

import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { StructuredClient } from "../../lib/llm/structured-client";
import { importBenchmark } from "../../lib/server/benchmarks/import-benchmark";
import { importSnapshot } from "../../lib/server/snapshots/import-snapshot";
import { readPanelView } from "../../lib/server/panel/read-panel";
import { benchmarkFileSchema } from "../../lib/validation/benchmark-file";
import { claimPanelAttribution } from "../../worker/shared/claim-panel-attribution";
import { panelWorkDir } from "../../worker/features/panel/panel-sandbox";
import { runPanel } from "../../worker/features/panel/run-panel";
import { runRepositoryTool } from "../../worker/features/panel/panel-repository-tools";
import { db, smallBenchmark, uniqueSlug, waitForStatus } from "../support/fixtures";
import { call, createTestUser } from "./authz-support";
import { existsSync } from "node:fs";

const webUrl = inject("webUrl");
const JUDGES = ["fake-panel-a", "fake-panel-b"];
const TIER2 = "fake-panel-tier2";
const LEXER = "def next_token(buf):\n    if not buf:\n        return None\n    return buf[0]\n";

describe("panel judges read the repository snapshot", () => {
  let submissionId: string;
  let snapshotDir: string;

  beforeAll(async () => {
    const slug = uniqueSlug("panelrepo");
    await importBenchmark(benchmarkFileSchema.parse(smallBenchmark(slug)));
    // acme/parser has a snapshot; acme/ui has none.
    snapshotDir = mkdtempSync(path.join(tmpdir(), "panelrepo-snapshot-"));
    mkdirSync(path.join(snapshotDir, "parser"));
    writeFileSync(path.join(snapshotDir, "README.md"), "# parser\nA small SQL parser.\n");
    writeFileSync(path.join(snapshotDir, "parser", "lexer.py"), LEXER);
    writeFileSync(path.join(snapshotDir, "parser", "errors.py"), "def column(pos):\n    return pos + 1\n");
    await importSnapshot({ benchmark: `${slug}@1`, repo: "acme/parser", source: snapshotDir });

    const submitter = await createTestUser("user");
    const finding = (repo: string, file: string, title: string, snippet: string) => ({
      repo,
      file,
      line_start: 1,
      line_end: 2,
      title,
      description: `The agent reports: ${title}.`,
      code_snippet: snippet,
      severity: "high",
    });
    const first = [
      finding(
        "acme/parser",
        "parser/lexer.py",
        "Lexer returns the first byte of an empty buffer [panel:confirmed]",
        "def next_token(buf):",
      ),
      // The quoted code is not what the repository holds: a judge reading only the snippet would confirm it.
      finding("acme/parser", "parser/errors.py", "Column is off by one [panel:confirmed]", "return pos - 1  # made up"),
      finding("acme/ui", "src/render.ts", "Tooltip leaks on unmount [panel:confirmed]", "useEffect(() => {})"),
    ];
    const later = (n: number) => [
      finding(
        "acme/parser",
        "parser/lexer.py",
        `Run ${n} only: tabs split tokens [panel:confirmed]`,
        "def next_token(buf):",
      ),
    ];
    const created = await call(
      webUrl,
      "POST",
      "/api/v1/submissions",
      { token: submitter.token },
      {
        benchmark: slug,
        model: `Repo agent ${slug}`,
        runs: [{ findings: first }, { findings: later(2) }, { findings: later(3) }],
      },
    );
    expect(created.status).toBe(202);
    submissionId = created.json.id;
    expect((await waitForStatus(webUrl, submissionId, submitter.token)).status).toBe("scored");
  }, 300_000);

  it("samples the first run only; each judge reads the finding's file before its verdict; a made-up snippet is a code-mismatch", async () => {
    const run = await db.panelRun.create({
      data: { submissionId, seed: "repo", sampleSize: 100, judges: JUDGES, tier2Judge: TIER2 },
    });
    const client = new StructuredClient({
      apiKey: "test-key",
      baseURL: inject("fakeOpenAiUrl"),
      timeoutMs: 5_000,
      maxRetries: 2,
      malformedRetries: 2,
    });
    const deps = {
      client,
      config: { judges: JUDGES, tier2Judge: TIER2, contextModel: "fake-context" },
      concurrency: 2,
      judgeLimits: { maxTurns: 4, maxTokens: 100_000, wallMs: 60_000 },
    };
    const summary = await runPanel((await claimPanelAttribution("panel", run.id))!, deps);
    expect(summary.sampled).toBe(3);

    const done = await db.panelRun.findUniqueOrThrow({ where: { id: run.id } });
    expect(done).toMatchObject({
      status: "done",
      error: null,
      sampled: 3,
      runs: "first",
      promptVersion: "panel-judge@3+panel-judge-repository@1",
    });
    const samples = await db.panelSample.findMany({ where: { panelRunId: run.id }, include: { finding: true } });
    // Table 14: three runs, only the first sampled.
    expect(samples.map((s) => s.runIndex)).toEqual([0, 0, 0]);
    expect(samples.some((s) => s.finding.title.includes("only"))).toBe(false);
    const of = (marker: string) => samples.find((s) => s.finding.title.includes(marker))!;
    const reviews = await db.panelReview.findMany({ where: { panelRunId: run.id } });
    const reviewsOf = (marker: string) => reviews.filter((r) => r.findingId === of(marker).findingId);

    // The judges saw the real first line of the file, from the snapshot, in their tool result.
    for (const r of reviewsOf("empty buffer")) {
      expect(r).toMatchObject({ verdict: "confirmed", sandboxed: false, pocRan: false, confidence: "low" });
      expect(r.rationale).toContain('(read parser/lexer.py: "def next_token(buf):")');
      expect(r.inputTokens).toBeGreaterThan(0);
    }
    expect(of("empty buffer")).toMatchObject({
      verdict: "confirmed",
      confidence: "low",
      repositoryRead: true,
      pocRan: false,
    });
    // The snippet says `pos - 1`; the file says `pos + 1`: both judges reject it as code-mismatch after reading it.
    const mismatch = reviewsOf("off by one");
    expect(mismatch).toHaveLength(2);
    for (const r of mismatch) {
      expect(r).toMatchObject({ verdict: "rejected", reason: "code-mismatch" });
      expect(r.rationale).toContain('(read parser/errors.py: "def column(pos):")');
    }
    expect(of("off by one")).toMatchObject({ verdict: "rejected", reason: "code-mismatch", repositoryRead: true });
    // No snapshot of acme/ui: judged from the text alone (the plain prompt), and counted as such.
    for (const r of reviewsOf("Tooltip")) expect(r.rationale).not.toContain("(read ");
    expect(of("Tooltip")).toMatchObject({ verdict: "confirmed", confidence: "low", repositoryRead: false });

    const view = await readPanelView(submissionId);
    expect(view!.panel).toMatchObject({
      sampled: 3,
      confirmed: 2,
      rejected: 1,
      abstained: 0,
      validity: 2 / 3,
      confirmed_with_poc: 0,
      confirmed_reasoning_only: 2,
      judged_text_only: 1,
    });
    expect(view!.job).toMatchObject({ runs: "first", sample_size: 100 });
    // The panel's extracted snapshot is removed when it ends.
    expect(existsSync(panelWorkDir(run.id))).toBe(false);

    // A rerun with the same limits asks nothing; an admin's explicit choice of every run samples all three.
    await db.panelRun.update({ where: { id: run.id }, data: { status: "queued" } });
    expect((await runPanel((await claimPanelAttribution("panel", run.id))!, deps)).asked).toBe(0);
    await db.panelRun.update({ where: { id: run.id }, data: { status: "queued", runs: "all" } });
    const all = await runPanel((await claimPanelAttribution("panel", run.id))!, deps);
    expect(all.sampled).toBe(5);
    expect(all.asked).toBe(4);
    expect((await readPanelView(submissionId))!.job.runs).toBe("all");
  }, 300_000);

  it("the repository tools stay inside the snapshot, refuse links, and bound grep", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "panelrepo-tools-"));
    mkdirSync(path.join(root, "pkg"));
    writeFileSync(path.join(root, "pkg", "a.py"), "x = 1\nneedle here\nNEEDLE again\n");
    writeFileSync(path.join(root, "outside.txt"), "secret");
    symlinkSync("/etc/passwd", path.join(root, "pkg", "passwd"));
    symlinkSync(path.join(root, "pkg"), path.join(root, "linked"));
    expect(await runRepositoryTool(root, "read_file", { path: "pkg/a.py", start_line: 2, end_line: 2 })).toBe(
      "     2  needle here",
    );
    expect(await runRepositoryTool(root, "read_file", { path: "/repo/pkg/a.py", end_line: 1 })).toBe("     1  x = 1");
    expect(await runRepositoryTool(root, "read_file", { path: "../../etc/passwd" })).toContain("leaves the repository");
    expect(await runRepositoryTool(root, "read_file", { path: "pkg/passwd" })).toBe(
      "pkg/passwd is a symbolic link; links in a snapshot are never followed",
    );
    expect(await runRepositoryTool(root, "read_file", { path: "linked/a.py" })).toBe(
      "linked is a symbolic link; links in a snapshot are never followed",
    );
    expect(await runRepositoryTool(root, "read_file", { path: "pkg/missing.py" })).toContain("no such regular file");
    expect(await runRepositoryTool(root, "list_dir", { path: "pkg" })).toBe(
      "a.py  31 bytes\npasswd (symbolic link, not followed)",
    );
    expect(await runRepositoryTool(root, "list_dir", { path: "linked" })).toContain("is a symbolic link");
    expect(await runRepositoryTool(root, "grep", { pattern: "needle" })).toBe("pkg/a.py:2:needle here");
    expect(await runRepositoryTool(root, "grep", { pattern: "needle", ignore_case: true })).toBe(
      "pkg/a.py:2:needle here\npkg/a.py:3:NEEDLE again",
    );
    // A pattern that would backtrack catastrophically as a regular expression is a plain string here.
    const started = Date.now();
    expect(await runRepositoryTool(root, "grep", { pattern: "(a+)+$" })).toContain("No line contains");
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await runRepositoryTool(root, "grep", { pattern: "x".repeat(201) })).toContain("invalid arguments for grep");
    expect(await runRepositoryTool(root, "run", { command: "cat /etc/passwd" })).toContain("Unknown tool run");
  });
});
