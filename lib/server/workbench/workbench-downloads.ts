import { toCsv } from "../../leaderboard/format-csv";
import type { SubmissionComparison } from "./compare-submissions";
import type { EntriesComparisonView } from "./compare-entries";
import type { SubmissionMatches } from "./get-submission-matches";
import type { ReferenceBugDetail, RepositoryBugs } from "./repository-bugs";

// CSV and JSON downloads of each workbench list. Answers depend on who asks (unapproved submissions, hidden reference
// details), so they are never stored by shared caches.

export function workbenchDownload(
  format: "json" | "csv",
  filename: string,
  json: () => unknown,
  csv: () => string,
): Response {
  const headers: Record<string, string> = {
    "cache-control": "private, no-store",
    vary: "cookie, authorization, accept",
  };
  if (format === "csv") {
    return new Response(csv(), {
      headers: {
        ...headers,
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${filename}.csv"`,
      },
    });
  }
  return new Response(JSON.stringify(json()), { headers: { ...headers, "content-type": "application/json" } });
}

export function fileSafe(text: string): string {
  return text.replace(/[^a-zA-Z0-9._-]+/g, "-");
}

export function repositoryBugsCsv(view: RepositoryBugs): string {
  return toCsv(
    [
      "benchmark",
      "repo",
      "reference_bug_id",
      "title",
      "file",
      "line_start",
      "line_end",
      "severity",
      "category",
      "trigger",
      "found_by",
      "configurations",
      "found_by_share",
    ],
    view.bugs.map((b) => [
      view.benchmark,
      b.repo,
      b.id,
      "title" in b ? b.title : null,
      "file" in b ? b.file : null,
      "line_start" in b ? b.line_start : null,
      "line_end" in b ? b.line_end : null,
      b.severity,
      b.category,
      b.trigger,
      b.found_by,
      b.configurations,
      b.found_by_share,
    ]),
  );
}

export function referenceBugFindingsCsv(view: ReferenceBugDetail): string {
  return toCsv(
    [
      "benchmark",
      "repo",
      "reference_bug_id",
      "submission_id",
      "model",
      "reasoning_effort",
      "harness",
      "run",
      "finding_id",
      "title",
      "file",
      "line_start",
      "line_end",
      "decided_by",
    ],
    view.matched_by.map((m) => [
      view.benchmark,
      view.repository.name,
      view.reference_bug.id,
      m.submission_id,
      m.model,
      m.reasoning_effort,
      m.harness,
      m.run,
      m.finding_id,
      m.title,
      m.file,
      m.line_start,
      m.line_end,
      m.decided_by,
    ]),
  );
}

/** One row per pair, missed bug or unmatched finding: `kind` is matched / missed / unmatched_finding. */
export function matchesCsv(m: SubmissionMatches): string {
  const rows: (string | number | null)[][] = [];
  for (const repo of m.repositories) {
    for (const bug of repo.matched)
      for (const p of bug.pairs)
        rows.push([
          m.submission.id,
          m.run,
          repo.repo,
          "matched",
          bug.reference_bug_id,
          p.finding_id,
          p.decided_by,
          null,
          null,
        ]);
    for (const id of repo.unmatched_reference_bug_ids)
      rows.push([m.submission.id, m.run, repo.repo, "missed", id, null, null, null, null]);
    for (const f of m.unmatchedFindings(repo))
      rows.push([
        m.submission.id,
        m.run,
        repo.repo,
        "unmatched_finding",
        f.nearest?.reference_bug_id ?? null,
        f.id,
        null,
        f.nearest?.signal ?? null,
        f.nearest?.strength ?? null,
      ]);
  }
  return toCsv(
    [
      "submission_id",
      "run",
      "repo",
      "kind",
      "reference_bug_id",
      "finding_id",
      "decided_by",
      "strongest_signal",
      "strength_vs_threshold",
    ],
    rows,
  );
}

export function comparisonCsv(c: SubmissionComparison): string {
  const rows: (string | null)[][] = [];
  for (const [kind, ids] of [
    ["both", c.both],
    ["only_a", c.only_a],
    ["only_b", c.only_b],
    ["neither", c.neither],
  ] as const) {
    for (const id of ids) rows.push([c.benchmark, c.repo, id, kind, c.titles[id] ?? null]);
  }
  return toCsv(["benchmark", "repo", "reference_bug_id", "found_by", "title"], rows);
}

/** The overlap of every pair of public entries: one row a pair. */
export function entriesComparisonCsv(c: EntriesComparisonView): string {
  const label = new Map(c.entries.map((e) => [e.id, e]));
  const name = (id: string) => {
    const e = label.get(id)!;
    return [e.model, e.reasoning_effort, e.harness].filter(Boolean).join(" · ");
  };
  return toCsv(
    ["benchmark", "entry_a", "label_a", "found_a", "entry_b", "label_b", "found_b", "both", "jaccard"],
    c.overlap.map((p) => [
      c.benchmark,
      p.a,
      name(p.a),
      String(label.get(p.a)!.found),
      p.b,
      name(p.b),
      String(label.get(p.b)!.found),
      String(p.both),
      p.jaccard === null ? null : p.jaccard.toFixed(4),
    ]),
  );
}
