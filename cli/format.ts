// Plain-text rendering of scores for the terminal: the API's score shape, the pages' percentages and "n/a".
import { DASH, count, pct as percent, ratioText } from "../lib/format";
import type { StoredScore } from "../lib/scoring/types";

type Metrics = StoredScore;
const pct = (m: Metrics, metric: "recall" | "precision" | "f1") => ratioText(m, metric, { sign: true });

export function formatMetricsLine(label: string, m: Metrics): string {
  return `${label.padEnd(28)} recall ${pct(m, "recall").padStart(6)}  precision ${pct(m, "precision").padStart(6)}  F1 ${pct(m, "f1").padStart(6)}  (${count(m.matched_reference_bugs)}/${count(m.reference_bugs)} bugs, ${count(m.matched_findings)}/${count(m.findings)} findings)`;
}

export function formatScores(status: {
  id: string;
  status: string;
  error?: string;
  scores?: { overall: Metrics; languages: (Metrics & { language: string })[]; repositories: (Metrics & { repo: string })[]; runs?: ({ run: number; overall: Metrics })[]; curves?: (Metrics & { label: string })[] };
  scoring?: { judge_model?: unknown; offline_judge?: unknown; embedding_provider?: unknown; embedding_model?: unknown };
  panel?: { status: string; sampled: number; confirmed: number; rejected: number; abstained: number; validity: number | null; validity_interval: [number, number] | null } | null;
  panel_job?: { progress: number; error: string | null } | null;
}): string {
  const lines = [`Submission ${status.id}: ${status.status}`];
  if (status.error) lines.push(`Reason: ${status.error}`);
  const s = status.scores;
  if (s) {
    lines.push(formatMetricsLine(s.runs ? "overall (mean over runs)" : "overall", s.overall));
    for (const l of s.languages) lines.push(formatMetricsLine(`  ${l.language}`, l));
    for (const r of s.repositories) lines.push(formatMetricsLine(`  ${r.repo}`, r));
    for (const run of s.runs ?? []) lines.push(formatMetricsLine(`run ${run.run + 1}`, run.overall));
    for (const c of s.curves ?? []) lines.push(formatMetricsLine(c.label, c));
  }
  if (status.scoring) {
    const j = status.scoring;
    lines.push(`Judge: ${String(j.judge_model)}${j.offline_judge ? " (offline judge)" : ""}; embeddings: ${String(j.embedding_provider)}/${String(j.embedding_model)}`);
  }
  const p = status.panel;
  if (p) {
    if (p.status === "done") {
      const interval = p.validity_interval ? ` [${percent(p.validity_interval[0])}%–${percent(p.validity_interval[1])}%]` : "";
      lines.push(`Panel: validity ${p.validity === null ? DASH : `${percent(p.validity)}%`}${interval} (${p.confirmed} confirmed, ${p.rejected} rejected, ${p.abstained} abstained of ${p.sampled} sampled)`);
    } else {
      lines.push(`Panel: ${p.status}${p.status === "running" ? ` ${status.panel_job?.progress ?? 0}%` : ""}${status.panel_job?.error ? ` (${status.panel_job.error})` : ""}`);
    }
  }
  return lines.join("\n");
}
