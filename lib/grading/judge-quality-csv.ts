import type { JudgeQuality, WeightedEstimateAnswer } from "../contracts/grading-figures";
import type { Proportion } from "../contracts/common";
import { toCsv, type CsvValue } from "../leaderboard/format-csv";

// The public figures of GET /api/v1/grading/judge-quality as one long table: one row per figure, with what it measures, its
// value, its 95% interval and its counts, so a spreadsheet can check every number against its own arithmetic.

const row = (section: string, subject: string, figure: string, p: Proportion): CsvValue[] => [
  section,
  subject,
  figure,
  p.value,
  p.interval?.[0],
  p.interval?.[1],
  p.successes,
  p.trials,
];

/** A design-weighted figure: no whole successes to count; `trials` holds the labelled pairs it weighs. */
const weightedRow = (section: string, subject: string, figure: string, w: WeightedEstimateAnswer): CsvValue[] => [
  section,
  subject,
  `${figure}_weighted`,
  w.value,
  w.interval?.[0],
  w.interval?.[1],
  null,
  w.labelled,
];

export function judgeQualityCsv(q: JudgeQuality): string {
  const rows: CsvValue[][] = [];
  for (const m of [q.matcher.reference, q.matcher.duplicate]) {
    const section = m.kind === "reference" ? "matcher" : "duplicates";
    for (const f of m.filters)
      rows.push(weightedRow(section, `prefilter ${f.prefilter_version} / ${f.embedder}`, "filter_recall", f.recall));
    for (const c of m.configurations) {
      const subject = `${c.judge_model} / prompt ${c.prompt_version} / prefilter ${c.prefilter_version} / ${c.embedder}`;
      for (const [mode, quality] of [
        ["", c.with_filter],
        ["judge_alone_", c.judge_alone],
      ] as const) {
        rows.push(row(section, subject, `${mode}precision`, quality.precision));
        rows.push(weightedRow(section, subject, `${mode}recall`, quality.recall));
        rows.push(weightedRow(section, subject, `${mode}agreement`, quality.agreement));
      }
      rows.push(row(section, subject, "repeat_agreement", c.repeat_agreement));
    }
  }
  for (const r of q.repeat_agreement)
    rows.push(
      row(
        "matcher",
        `${r.judge_model} / prompt ${r.prompt_version} / repeat ${r.id} (seed ${r.seed})`,
        "repeat_agreement_measured",
        r.agreement,
      ),
    );
  const panel = (subject: string, a: JudgeQuality["panel"]["pooled"]) => {
    rows.push(row("panel", subject, "agreement_on_conclusive", a.agreement));
    rows.push(row("panel", subject, "grader_confirm_rate", a.grader_confirm_rate));
    rows.push(row("panel", subject, "panel_confirm_rate", a.panel_confirm_rate));
  };
  panel(`pooled ${q.benchmark}`, q.panel.pooled);
  for (const s of q.panel.submissions) panel(`submission ${s.submission_id} (${s.model})`, s);
  rows.push(row("reference_set", q.benchmark, "invalid_share", q.reference_set.invalid_share));
  const k = q.reference_set.kappa;
  rows.push(["reference_set", q.benchmark, "human_agent_kappa", k.kappa, k.interval?.[0], k.interval?.[1], null, k.n]);
  const g = q.panel.second_grader;
  rows.push(["panel", q.benchmark, "second_grader_kappa", g.kappa, g.interval?.[0], g.interval?.[1], null, g.n]);
  return toCsv(["section", "subject", "figure", "value", "ci_low", "ci_high", "successes", "trials"], rows);
}
