import { f1Of, meanOfKnown, ratio } from "../scoring/metrics";
import { clopperPearson } from "../scoring/stats";
import type { Interval, ScoreWithIntervals, StoredScore } from "../scoring/types";
import type {
  LeaderboardData,
  LeaderboardEntry,
  LeaderboardRow,
  LeaderboardScope,
  LeaderboardView,
  MetricRange,
} from "./types";

// Pure: turns cached per-repository counts into leaderboard rows for a scope (all repositories, one language, or a
// repository subset). No I/O, so the API, the pages and the tests compute identical numbers.
//
// - A whole-benchmark or whole-language scope shows the stored overall / language rows as they are.
// - A subset is POOLED: counts are summed over its repositories, then divided (Table 11 / Tables 12-13 language
//   rows), never averaged. A repeated-run entry is pooled run by run and then averaged over runs, the same way the
//   scorer builds its mean row, so a subset equal to the whole benchmark gives back the stored overall numbers.
// - A cell that was never published (a reported entry's per-repository finding counts) is not a zero: a metric that
//   needs it is null, and an entry missing a repository of the subset is marked incomplete with no numbers.

/** Normalises a requested scope against the version: unknown repositories are dropped, the language lowercased. */
function normaliseScope(data: LeaderboardData, scope: Partial<LeaderboardScope>): LeaderboardScope {
  const language = scope.language ? scope.language.toLowerCase() : null;
  const known = new Set(data.repositories.map((r) => r.name));
  const repos = [...new Set(scope.repos ?? [])].filter((r) => known.has(r)).sort();
  return { repos, language: language && data.languages.includes(language) ? language : null };
}

/** The repositories a scope covers. */
function scopeRepositories(data: LeaderboardData, scope: LeaderboardScope): string[] {
  return data.repositories
    .filter(
      (r) =>
        (scope.repos.length === 0 || scope.repos.includes(r.name)) &&
        (!scope.language || r.language === scope.language),
    )
    .map((r) => r.name);
}

/** `asOf` (YYYY-MM-DD): the data already cut to that date (history.ts dataAsOf), named in the view. */
export function computeLeaderboardView(
  data: LeaderboardData,
  requested: Partial<LeaderboardScope> = {},
  asOf: string | null = null,
): LeaderboardView {
  const scope = normaliseScope(data, requested);
  const repos = scopeRepositories(data, scope);
  const whole = scope.language === null && (scope.repos.length === 0 || repos.length === data.repositories.length);
  const wholeLanguage = scope.language !== null && scope.repos.length === 0;
  const bugCounts = data.repositories.filter((r) => repos.includes(r.name)).map((r) => r.referenceBugs);
  return {
    benchmark: data.benchmark,
    scope,
    scope_reference_bugs:
      bugCounts.length > 0 && bugCounts.every((n) => n !== null) ? bugCounts.reduce((a, b) => a! + b!, 0) : null,
    as_of: asOf,
    stamp: data.stamp,
    rows: data.entries.map((entry) => rowOf(entry, repos, whole, wholeLanguage ? scope.language : null)),
  };
}

type Value = { cell: StoredScore | null; runs: (StoredScore | null)[]; complete: boolean };

function valueOf(entry: LeaderboardEntry, repos: string[], whole: boolean, language: string | null): Value {
  if (whole)
    return { cell: entry.overall, runs: entry.runScores.map((r) => r.overall), complete: entry.overall !== null };
  const runs = entry.runScores.map((run) => poolCells(repos.map((name) => run.repositories[name])));
  if (language && entry.languages[language]) return { cell: entry.languages[language]!, runs, complete: true };
  if (repos.length === 1 && entry.runScores.length === 0) {
    // One repository: its stored cell as published (a reported cell has no finding counts to pool, but has a precision).
    const cell = entry.repositories[repos[0]!] ?? null;
    return { cell, runs: [], complete: cell !== null };
  }
  if (entry.runScores.length > 1) {
    if (runs.some((r) => r === null)) return { cell: null, runs: [], complete: false };
    return { cell: meanCells(runs as StoredScore[]), runs, complete: true };
  }
  const cell = poolCells(repos.map((name) => entry.repositories[name]));
  return { cell, runs: [], complete: cell !== null };
}

function rowOf(entry: LeaderboardEntry, repos: string[], whole: boolean, language: string | null): LeaderboardRow {
  const { cell, runs, complete } = valueOf(entry, repos, whole, language);
  const knownRuns = runs.filter((r): r is StoredScore => r !== null);
  return {
    id: entry.id,
    model: entry.model,
    reasoning_effort: entry.effort,
    harness: entry.harness,
    source: entry.source,
    coverage: entry.coverage,
    cost_usd: entry.costUsd,
    runs: entry.runs,
    date: entry.date,
    offline_judge: entry.offlineJudge,
    offline_embedder: entry.offlineEmbedder,
    report_url: entry.reportUrl,
    open_model: entry.openModel,
    organisation: entry.organisation,
    model_licence: entry.modelLicence,
    parameter_count: entry.parameterCount,
    panel_validity: entry.panel?.validity ?? null,
    panel_validity_ci: entry.panel?.interval ?? null,
    panel_text_only: entry.panel?.textOnly ?? null,
    panel_graded: entry.panel?.graded ?? null,
    panel_validity_basis: entry.panel?.basis ?? null,
    panel_text_only_validity: entry.panel?.textOnlyValidity ?? null,
    panel_text_only_ci: entry.panel?.textOnlyInterval ?? null,
    panel_sampled: entry.panel?.sampled ?? null,
    panel_checked_share: entry.panel?.checkedShare ?? null,
    panel_whole_validity: entry.panel?.wholeValidity ?? null,
    panel_whole_ci: entry.panel?.wholeInterval ?? null,
    contamination: entry.contamination,
    post_cutoff: entry.postCutoff,
    ...withIntervals(cell ?? EMPTY_SCORE),
    range: knownRuns.length > 1 && knownRuns.length === runs.length ? rangeOf(knownRuns) : null,
    complete,
  };
}

const EMPTY_SCORE: StoredScore = {
  recall: null,
  precision: null,
  f1: null,
  matched_reference_bugs: null,
  reference_bugs: null,
  matched_findings: null,
  findings: null,
};

/** Sums counts over cells; null when a cell is missing. A metric whose counts are not all known is null. */
export function poolCells(cells: (StoredScore | undefined | null)[]): StoredScore | null {
  if (cells.length === 0 || cells.some((c) => !c)) return null;
  const list = cells as StoredScore[];
  const sum = (pick: (c: StoredScore) => number | null) =>
    list.every((c) => pick(c) !== null) ? list.reduce((s, c) => s + pick(c)!, 0) : null;
  const mr = sum((c) => c.matched_reference_bugs);
  const r = sum((c) => c.reference_bugs);
  const mf = sum((c) => c.matched_findings);
  const f = sum((c) => c.findings);
  const recall = mr !== null && r !== null ? ratio(mr, r) : null;
  const precision = mf !== null && f !== null ? ratio(mf, f) : null;
  return {
    recall,
    precision,
    f1: f1Of(recall, precision),
    matched_reference_bugs: mr,
    reference_bugs: r,
    matched_findings: mf,
    findings: f,
  };
}

/**
 * Mean of per-run cells (the paper's repeated-run rows, as lib/scoring/metrics.ts meanMetrics): a count is null
 * unless every run has it; a ratio is the mean over the runs where it has a value, and null when a run's value was
 * never published (a null with a known empty denominator is skipped, like meanMetrics does).
 */
function meanCells(cells: StoredScore[]): StoredScore {
  const meanCount = (pick: (c: StoredScore) => number | null) =>
    cells.every((c) => pick(c) !== null) ? cells.reduce((s, c) => s + pick(c)!, 0) / cells.length : null;
  const meanRatio = (pick: (c: StoredScore) => number | null, denominator: (c: StoredScore) => number | null) =>
    cells.every((c) => pick(c) !== null || denominator(c) === 0) ? meanOfKnown(cells.map(pick)) : null;
  const recallDenominator = (c: StoredScore) => c.reference_bugs;
  const precisionDenominator = (c: StoredScore) => c.findings;
  return {
    recall: meanRatio((c) => c.recall, recallDenominator),
    precision: meanRatio((c) => c.precision, precisionDenominator),
    f1: meanRatio(
      (c) => c.f1,
      (c) => (recallDenominator(c) === 0 || precisionDenominator(c) === 0 ? 0 : null),
    ),
    matched_reference_bugs: meanCount((c) => c.matched_reference_bugs),
    reference_bugs: meanCount(recallDenominator),
    matched_findings: meanCount((c) => c.matched_findings),
    findings: meanCount(precisionDenominator),
  };
}

/** A stored score with the 95% intervals of its recall and precision, as the API and the pages publish it. */
export function withIntervals(score: StoredScore): ScoreWithIntervals {
  return {
    ...score,
    recall_ci: intervalOf(score.matched_reference_bugs, score.reference_bugs),
    precision_ci: intervalOf(score.matched_findings, score.findings),
  };
}

function rangeOf(cells: StoredScore[]): LeaderboardRow["range"] {
  // A run without a value (no findings in the scope) has no place in the range; no run with one gives no range.
  const span = (pick: (c: StoredScore) => number | null): MetricRange | null => {
    const values = cells.map(pick).filter((v): v is number => v !== null);
    return values.length > 0 ? { min: Math.min(...values), max: Math.max(...values) } : null;
  };
  return { recall: span((c) => c.recall), precision: span((c) => c.precision), f1: span((c) => c.f1) };
}

// Many rows share counts (same reference set), so intervals are memoized; the key space is small integers.
const intervalMemo = new Map<string, Interval>();

/**
 * 95% Clopper-Pearson interval of a proportion from its counts. A mean over runs has fractional counts; it is rounded
 * to whole bugs, which gives the interval of one run at the mean (wider than an interval for the mean itself, so
 * on the safe side for telling rows apart).
 */
export function intervalOf(successes: number | null, trials: number | null): Interval | null {
  if (successes === null || trials === null) return null;
  const n = Math.round(trials);
  const x = Math.min(Math.round(successes), n);
  if (n <= 0 || x < 0) return null;
  const key = `${x}/${n}`;
  let interval = intervalMemo.get(key);
  if (!interval) {
    interval = clopperPearson(x, n);
    if (intervalMemo.size > 50_000) intervalMemo.clear();
    intervalMemo.set(key, interval);
  }
  return interval;
}
