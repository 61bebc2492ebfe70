// Plain-text rendering of scores for the terminal: the API's score shape, the pages' percentages and "n/a".
import { DASH, count, pct as percent, ratioText } from "../lib/format";
import type { StoredScore } from "../lib/scoring/types";
import type { ValidityCounts } from "../lib/panel/verdicts";

type Metrics = StoredScore;
const pct = (m: Metrics, metric: "recall" | "precision" | "f1") => ratioText(m, metric, { sign: true });

function formatMetricsLine(label: string, m: Metrics): string {
  return `${label.padEnd(28)} recall ${pct(m, "recall").padStart(6)}  precision ${pct(m, "precision").padStart(6)}  F1 ${pct(m, "f1").padStart(6)}  (${count(m.matched_reference_bugs)}/${count(m.reference_bugs)} bugs, ${count(m.matched_findings)}/${count(m.findings)} findings)`;
}

export function formatScores(status: {
  id: string;
  status: string;
  error?: string;
  scores?: {
    overall: Metrics;
    languages: (Metrics & { language: string })[];
    repositories: (Metrics & { repo: string })[];
    runs?: {
      run: number;
      overall: Metrics;
      distinct_findings?: number | null;
      matched_distinct_findings?: number | null;
    }[];
    curves?: (Metrics & { label: string })[];
    spectrum?: {
      n: number;
      exactly_matched: number;
      exactly_unmatched: number;
      union_matched: number;
      union_unmatched: number;
    }[];
  };
  scoring?: { judge_model?: unknown; offline_judge?: unknown; embedding_provider?: unknown; embedding_model?: unknown };
  panel?: (ValidityCounts & { status: string }) | null;
  panel_job?: { progress: number; error: string | null } | null;
}): string {
  const lines = [`Submission ${status.id}: ${status.status}`];
  if (status.error) lines.push(`Reason: ${status.error}`);
  const s = status.scores;
  if (s) {
    lines.push(formatMetricsLine(s.runs ? "overall (mean over runs)" : "overall", s.overall));
    for (const l of s.languages) lines.push(formatMetricsLine(`  ${l.language}`, l));
    for (const r of s.repositories) lines.push(formatMetricsLine(`  ${r.repo}`, r));
    for (const run of s.runs ?? []) {
      const distinct =
        run.distinct_findings === undefined || run.distinct_findings === null
          ? "n/a"
          : `${count(run.matched_distinct_findings ?? null)}/${count(run.distinct_findings)}`;
      lines.push(`${formatMetricsLine(`run ${run.run + 1}`, run.overall)}; distinct ${distinct}`);
    }
    if (s.runs?.length)
      lines.push(
        "Runs: findings counts reported findings (recall and precision use them); distinct counts reports of one root cause once.",
      );
    if (s.curves?.length)
      lines.push("Across runs (findings = distinct findings, kept when reported in at least n runs):");
    for (const c of s.curves ?? []) lines.push(formatMetricsLine(`  ${c.label}`, c));
    if (s.spectrum?.length) {
      lines.push(
        "Frequency spectrum (distinct findings, matched/unmatched): n, in exactly n runs, in the union of runs 1..n",
      );
      for (const p of s.spectrum)
        lines.push(
          `  ${String(p.n).padStart(3)}  exactly ${count(p.exactly_matched)}/${count(p.exactly_unmatched)}  union ${count(p.union_matched)}/${count(p.union_unmatched)}`,
        );
    }
  }
  if (status.scoring) {
    const j = status.scoring;
    lines.push(
      `Judge: ${String(j.judge_model)}${j.offline_judge ? " (offline judge)" : ""}; embeddings: ${String(j.embedding_provider)}/${String(j.embedding_model)}`,
    );
  }
  const p = status.panel;
  if (p) {
    if (p.status === "done") {
      const interval = p.validity_interval
        ? ` [${percent(p.validity_interval[0])}%–${percent(p.validity_interval[1])}%]`
        : "";
      lines.push(
        `Panel: validity ${p.validity === null ? DASH : `${percent(p.validity)}%`}${interval} (${p.confirmed} confirmed, ${p.rejected} rejected, ${p.abstained} abstained of ${p.sampled} sampled)`,
      );
    } else {
      lines.push(
        `Panel: ${p.status}${p.status === "running" ? ` ${status.panel_job?.progress ?? 0}%` : ""}${status.panel_job?.error ? ` (${status.panel_job.error})` : ""}`,
      );
    }
  }
  return lines.join("\n");
}
