// A benchmark version built from a repository's history with the paper's collection pipeline
// (docs/building-benchmarks.md): the test writes the history (a snapshot, fixes of bugs present at it, a fix of code
// added after it, a refactor, docs, one bug fixed in two commits, a fix that only adds lines, a fix of behaviour the
// snapshot calls intentional, a fix after the window), builds it through the API and the worker (git in the sandbox,
// the fake model), checks each stage's count and the reference bugs, publishes the version, and scores a findings
// file against it.

import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { closeQueues } from "../../lib/queue/queues";
import { contractFetch } from "../support/api-contract";
import { bundleOf, writeHistory, type HistoryCommit } from "../support/build-history";
import { waitFor } from "../support/fault-harness";
import { startGitHttpServer } from "../support/git-http-server";
import { db, uniqueSlug, userWithToken, waitForStatus } from "../support/fixtures";
import { call } from "./authz-support";

const webUrl = inject("webUrl");

afterAll(async () => {
  await closeQueues();
});

const CALC_T0 = `def mean(values):
    total = 0
    for v in values:
        total += v
    return total / (len(values) - 1)


def clamp(x, lo, hi):
    if x < lo:
        return lo
    return x


def running_mean(values):
    out = []
    for i in range(1, len(values) + 1):
        out.append(sum(values[:i]) / (i - 1 or 1))
    return out
`;

const TEXT_T0 = `def slug(s):
    # house style: words joined with underscores
    return s.lower().replace(" ", "_")


def title_case(s):
    return s.title()
`;

const LEGACY_T0 = `def double(x):
    # intentional: callers rely on the legacy truncation
    return int(x * 2)
`;

function history() {
  let calc = CALC_T0;
  let text = TEXT_T0;
  let legacy = LEGACY_T0;
  const at = (date: string) => `${date}T12:00:00Z`;
  const commits: HistoryCommit[] = [
    {
      message: "snapshot",
      date: at("2025-01-10"),
      files: { "calc.py": calc, "text.py": text, "legacy.py": legacy, "README.md": "# helpers\n" },
    },
    {
      message: "docs: describe the helpers",
      date: at("2025-02-01"),
      files: { "README.md": "# helpers\n\nSmall numeric helpers.\n" },
    },
  ];
  calc = calc.replace("return total / (len(values) - 1)", "return total / len(values)");
  commits.push({
    message: "fix: mean divides the sum by one less than the number of values",
    date: at("2025-02-10"),
    files: { "calc.py": calc },
  });
  calc = calc.replace("for v in values:\n        total += v", "for value in values:\n        total += value");
  commits.push({
    message: "refactor: rename the loop variable of mean",
    date: at("2025-02-20"),
    files: { "calc.py": calc },
  });
  calc = `${calc}

def median(values):
    s = sorted(values)
    return s[len(s) // 2 - 1]
`;
  commits.push({ message: "feat: add a median helper", date: at("2025-03-01"), files: { "calc.py": calc } });
  calc = calc.replace("return s[len(s) // 2 - 1]", "return s[len(s) // 2]");
  commits.push({
    message: "fix: median returns the element before the middle",
    date: at("2025-03-10"),
    files: { "calc.py": calc },
  });
  calc = calc.replace(
    "        return lo\n    return x",
    "        return lo\n    if x > hi:\n        return hi\n    return x",
  );
  commits.push({
    message: "fix: clamp lets values above the upper bound through",
    date: at("2025-04-01"),
    files: { "calc.py": calc },
  });
  calc = calc.replace("/ (i - 1 or 1))", "/ i)");
  commits.push({
    message: "fix: running mean divides the sum by one less than the number of values",
    date: at("2025-04-15"),
    files: { "calc.py": calc },
  });
  text = text.replace('replace(" ", "_")', 'replace(" ", "-")');
  commits.push({
    message: "fix: slug joins words with underscores instead of dashes",
    date: at("2025-05-01"),
    files: { "text.py": text },
  });
  legacy = legacy.replace("return int(x * 2)", "return x * 2");
  commits.push({
    message: "fix: double truncates fractional results",
    date: at("2025-05-20"),
    files: { "legacy.py": legacy },
  });
  text = text.replace("return s.title()", 'return " ".join(w.capitalize() for w in s.split(" "))');
  commits.push({
    message: "fix: title_case capitalises after apostrophes",
    date: at("2025-08-01"),
    files: { "text.py": text },
  });
  return writeHistory(commits);
}

describe("building a benchmark version from a repository's history", () => {
  it("yields the expected stage counts and reference bugs, publishes a version, and scores a findings file", async () => {
    const admin = await userWithToken("admin");
    const { dir, shas } = history();
    const upload = await contractFetch(`${webUrl}/api/v1/admin/builds/bundles`, {
      method: "POST",
      headers: { "content-type": "application/octet-stream", authorization: `Bearer ${admin.token}`, origin: webUrl },
      body: new Uint8Array(bundleOf(dir)),
    });
    expect(upload.status).toBe(201);
    const { bundle } = await upload.json();

    const slug = uniqueSlug("built");
    const started = await call(
      webUrl,
      "POST",
      "/api/v1/admin/builds",
      { token: admin.token },
      {
        slug,
        name: "Built from history",
        version: "2025.1",
        snapshot: shas[0],
        window_end: "2025-07-01",
        budget_usd: 100,
        repositories: [{ name: "acme/helpers", language: "python", bundle }],
      },
    );
    expect(started.status, started.text).toBe(201);
    const id = started.json.id as string;

    const build = await waitFor(
      async () => (await call(webUrl, "GET", `/api/v1/admin/builds/${id}`, { token: admin.token })).json,
      (b) => b.status === "review" || b.status === "failed" || b.status === "awaiting_approval",
      240_000,
      "the build's stages to finish",
    );
    expect(build.error).toBeNull();
    expect(build.status).toBe("review");
    // Table 1: 9 commits in (T0, T1] (the fix after T1 is out), 6 bug fixes, 6 candidates, 5 anchored (median's lines
    // came after T0), 4 present (double's truncation is intentional at T0), 3 after deduplication (mean and
    // running_mean are one off-by-one), 1 flagged by the audit (slug: the snapshot calls it the house style).
    const counts = Object.fromEntries(build.table1.map((r: { stage: string; count: number }) => [r.stage, r.count]));
    expect(counts).toEqual({
      commits: 9,
      classify: 6,
      extract: 6,
      anchor: 5,
      presence: 4,
      synthesize: 4,
      dedup: 3,
      audit: 1,
    });
    const byCommit = (sha: string) => build.candidates.find((c: { commit: string }) => c.commit === sha);
    const [, , fixMean, , feature, fixMedian, fixClamp, fixRunning, fixSlug, fixDouble] = shas;
    expect(byCommit(fixMedian!)).toMatchObject({ verdict: "dropped", ground: "temporal", introduced_by: feature });
    expect(byCommit(fixDouble!)).toMatchObject({
      verdict: "dropped",
      ground: "deliberate_rejection",
      stage: "presence",
    });
    expect(byCommit(fixRunning!)).toMatchObject({ verdict: "duplicate", duplicate_of: byCommit(fixMean!).id });
    // Anchored to T0's lines: mean's return line, clamp's lines around the insertion point, running_mean's divisor
    // line at its T0 number (two lines were added above it before its fix), slug's line.
    expect(byCommit(fixMean!).location).toEqual({ file: "calc.py", line_start: 5, line_end: 5 });
    expect(byCommit(fixClamp!)).toMatchObject({
      insertion: true,
      location: { file: "calc.py", line_start: 10, line_end: 11 },
    });
    expect(byCommit(fixRunning!).location).toEqual({ file: "calc.py", line_start: 17, line_end: 17 });
    expect(byCommit(fixSlug!)).toMatchObject({
      location: { file: "text.py", line_start: 3, line_end: 3 },
    });
    // The false-positive audit is an agent session too: it flagged the planted false positive (slug's underscores are
    // the snapshot's documented house style) on a ground, citing the read_file output it saw, after submit_audit
    // refused its first, paraphrased citation; the other bugs are kept. It marks, never removes.
    expect(byCommit(fixSlug!).audit).toEqual({
      verdict: "flag",
      ground: "not_defect",
      rationale: expect.stringContaining("house style"),
      // read_file's line (its number, then the T0 line), verbatim.
      cited_output: `${"2".padStart(6)}      # house style: words joined with underscores`,
    });
    expect(byCommit(fixSlug!).rationale.audit).toContain("(agent: 4 turns, 2 commands)");
    expect(byCommit(fixMean!).audit).toMatchObject({ verdict: "keep", ground: "none", cited_output: null });
    // Every model stage records its prompt, cached and completion tokens beside its dollars.
    for (const row of build.table1.filter((r: { stage: string }) => !["commits", "anchor"].includes(r.stage)))
      expect(row.input_tokens, row.stage).toBeGreaterThan(0);
    const audited = build.table1.find((r: { stage: string }) => r.stage === "audit");
    expect(audited).toMatchObject({ model_calls: 10, output_tokens: 400 });
    expect(audited.cached_input_tokens).toBeGreaterThan(0);
    expect(audited.cached_input_tokens).toBeLessThan(audited.input_tokens);
    expect(byCommit(fixMean!).report.title).toBe("Mean divides the sum by one less than the number of values");
    // The presence check is an agent session in the sandbox: it read the T0 checkout (double's file says
    // "intentional") and the later history (the newest commit's subject), and its trail says so.
    expect(byCommit(fixMean!).rationale.presence).toBe(
      "the faulty lines are in the snapshot; history: fix: title_case capitalises after apostrophes (agent: 3 turns, 2 commands)",
    );
    expect(byCommit(fixDouble!).rationale.presence).toContain("the snapshot marks the behaviour as intentional");

    // A maintainer edits clamp's report and publishes; the decision is in the audit log.
    const edited = await call(
      webUrl,
      "POST",
      `/api/v1/admin/builds/${id}/candidates/${byCommit(fixClamp!).id}`,
      { token: admin.token },
      {
        decision: "edit",
        report: {
          title: "clamp never applies the upper bound",
          description: "clamp(x, lo, hi) returns x unchanged when x is above hi.",
          severity: "high",
          suggested_fix: "Return hi when x exceeds it.",
        },
      },
    );
    expect(edited.status, edited.text).toBe(200);
    const published = await call(webUrl, "POST", `/api/v1/admin/builds/${id}/publish`, { token: admin.token });
    expect(published.status, published.text).toBe(201);
    expect(published.json).toMatchObject({ key: `${slug}@2025.1`, reference_bugs: 3, snapshots: 1 });
    expect(await db.auditLog.count({ where: { action: "benchmark_build.candidate_edit" } })).toBeGreaterThan(0);

    // The worker imports the T0 tree as the version's snapshot, after publication.
    await waitFor(
      () => db.repositorySnapshot.count({ where: { repository: { benchmark: { slug } } } }),
      (n) => n === 1,
      120_000,
      "the snapshot import",
    );
    const version = await db.benchmark.findUniqueOrThrow({
      where: { slug_version: { slug, version: "2025.1" } },
      include: { repositories: { include: { referenceBugs: true, fixCommits: true, snapshot: true } } },
    });
    expect(version.pipeline).toEqual({
      commits: 9,
      bug_fix_commits: 6,
      candidate_bugs: 6,
      anchored_candidates: 5,
      present_candidates: 4,
      deduplicated_bugs: 3,
    });
    const repo = version.repositories[0]!;
    expect(repo.snapshotCommit).toBe(shas[0]);
    expect(repo.snapshot).not.toBeNull();
    expect(repo.fixCommits.map((c) => c.sha)).toEqual([fixMean, fixMedian, fixClamp, fixRunning, fixSlug, fixDouble]);
    const bugs = repo.referenceBugs.sort((a, b) => a.externalId.localeCompare(b.externalId));
    expect(bugs.map((b) => [b.file, b.lineStart, b.fixCommit])).toEqual([
      ["calc.py", 5, fixMean],
      ["calc.py", 10, fixClamp],
      ["text.py", 3, fixSlug],
    ]);
    expect(bugs[0]!.codeSnippet).toBe("    return total / (len(values) - 1)");
    expect(bugs[1]!.title).toBe("clamp never applies the upper bound");
    expect(await db.referenceAgentMark.count({ where: { referenceBugId: { in: bugs.map((b) => b.id) } } })).toBe(3);

    // The audit agent's marks are the agent rater of the version's reference-set audit (§2.2): a maintainer audits all
    // three bugs, slug's invalid, and agrees with the agent on each (kappa 1).
    const key = `${slug}@2025.1`;
    const drawn = await call(
      webUrl,
      "POST",
      "/api/v1/grading/references",
      { token: admin.token },
      { benchmark: key, size: 3 },
    );
    expect(drawn.status, drawn.text).toBe(201);
    for (const item of drawn.json.items as { reference_bug_id: string }[])
      await call(
        webUrl,
        "POST",
        `/api/v1/grading/references/${drawn.json.id}/marks`,
        { token: admin.token },
        {
          reference_bug_id: item.reference_bug_id,
          mark: item.reference_bug_id === bugs[2]!.externalId ? "invalid" : "valid",
          reason: "read the snapshot",
        },
      );
    const referenceSet = (
      await call(webUrl, "GET", `/api/v1/grading/judge-quality?benchmark=${key}`, { token: admin.token })
    ).json.reference_set;
    expect(referenceSet).toMatchObject({
      audited: 3,
      marks: { valid: 2, invalid: 1, unsure: 0 },
      agent: { marked: 3, flagged: 1, models: [expect.stringContaining("build-false-positive-audit@2")] },
      kappa: { n: 3 },
    });
    expect(referenceSet.kappa.kappa).toBeCloseTo(1, 12);

    // The published version scores a findings file end to end: two of its three bugs found.
    const submitter = await userWithToken();
    const findings = [
      { file: "calc.py", line_start: 5, line_end: 5, title: bugs[0]!.title, description: bugs[0]!.description },
      { file: "text.py", line_start: 3, line_end: 3, title: bugs[2]!.title, description: bugs[2]!.description },
    ].map((f) => ({ repo: "acme/helpers", ...f, code_snippet: "", severity: "medium", confidence: 0.9 }));
    const submitted = await contractFetch(`${webUrl}/api/v1/submissions`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${submitter.token}` },
      body: JSON.stringify({
        benchmark: `${slug}@2025.1`,
        model: "Built Model",
        knowledge_cutoff: "2025-03",
        findings,
      }),
    });
    expect(submitted.status).toBe(202);
    const submissionId = (await submitted.json()).id as string;
    const scored = await waitForStatus(webUrl, submissionId, submitter.token);
    expect(scored.status).toBe("scored");
    expect(scored.scores.overall).toMatchObject({ reference_bugs: 3, matched_reference_bugs: 2 });
    expect(scored.scores.overall.recall).toBeCloseTo(2 / 3, 5);

    // On the leaderboard, beside the full recall: recall over the bugs fixed after the model's cut-off (2025-03:
    // clamp's and slug's fixes, of which slug's is found), and the newest version whose window starts after it.
    await db.benchmark.create({
      data: { slug, name: "Built from history", version: "2025.2", snapshotDate: new Date("2025-06-01") },
    });
    const review = await call(
      webUrl,
      "POST",
      `/api/v1/admin/submissions/${submissionId}/review`,
      { token: admin.token },
      { decision: "approve" },
    );
    expect(review.status, review.text).toBe(200);
    const board = await call(webUrl, "GET", `/api/v1/leaderboard?benchmark=${slug}@2025.1`, {});
    const row = board.json.rows.find((r: { id: string }) => r.id === submissionId);
    expect(row.recall).toBeCloseTo(2 / 3, 5);
    expect(row.post_cutoff).toEqual({
      knowledge_cutoff: "2025-03",
      reference_bugs: 2,
      matched_reference_bugs: 1,
      recall: 0.5,
      newest_version_after_cutoff: `${slug}@2025.2`,
    });
  }, 360_000);

  it("clones a URL from an allowed host and refuses other hosts and private addresses", async () => {
    const admin = await userWithToken("admin");
    const { dir } = writeHistory([
      { message: "snapshot", date: "2025-01-10T12:00:00Z", files: { "calc.py": CALC_T0 } },
      { message: "docs: a readme", date: "2025-02-01T12:00:00Z", files: { "README.md": "# calc\n" } },
      {
        message: "fix: mean divides the sum by one less than the number of values",
        date: "2025-02-10T12:00:00Z",
        files: { "calc.py": CALC_T0.replace("(len(values) - 1)", "len(values)") },
      },
    ]);
    const root = mkdtempSync(path.join(tmpdir(), "probebench-forge-"));
    execFileSync("git", ["clone", "-q", "--bare", dir, path.join(root, "calc.git")]);
    const forge = await startGitHttpServer(root);
    const start = (url: string) =>
      call(
        webUrl,
        "POST",
        "/api/v1/admin/builds",
        { token: admin.token },
        {
          slug: uniqueSlug("cloned"),
          name: "Cloned",
          version: "1",
          snapshot: "2025-01-31",
          window_end: "2025-07-01",
          repositories: [{ name: "acme/calc", language: "python", url }],
        },
      );
    const finished = (id: string) =>
      waitFor(
        async () => (await call(webUrl, "GET", `/api/v1/admin/builds/${id}`, { token: admin.token })).json,
        (b) => b.status === "review" || b.status === "failed",
        120_000,
        "the cloned build",
      );
    try {
      // A host off the allowlist is refused when the build is started.
      const offList = await start("https://example.org/acme/calc.git");
      expect(offList.status).toBe(422);
      expect(offList.text).toContain("example.org is not an allowed clone host");
      // An allowed host name that resolves to a loopback address is refused by the worker's address guard.
      const loopback = await start(`https://localhost:${forge.port}/calc.git`);
      expect(loopback.status, loopback.text).toBe(201);
      const refused = await finished(loopback.json.id);
      expect(refused.status).toBe("failed");
      expect(refused.error).toContain("resolves to a private address");
      // The operator's mirror, listed by address: fetched as a bundle and built like an uploaded one.
      const cloned = await start(`http://127.0.0.1:${forge.port}/calc.git`);
      expect(cloned.status, cloned.text).toBe(201);
      const built = await finished(cloned.json.id);
      expect(built.error).toBeNull();
      const counts = Object.fromEntries(built.table1.map((r: { stage: string; count: number }) => [r.stage, r.count]));
      expect(counts).toMatchObject({ commits: 2, classify: 1, extract: 1, anchor: 1 });
    } finally {
      await forge.close();
    }
  }, 300_000);
});
