import { meanMetrics, poolCounts } from "../../scoring/metrics";
import { clopperPearson } from "../../scoring/stats";
import type { Metrics } from "../../scoring/types";
import type { Interval, LeaderboardData, LeaderboardEntry, LeaderboardRow, LeaderboardScope, LeaderboardView, MetricRange, StoredCell } from "./types";

// Pure: turns cached per-repository counts into leaderboard rows for a scope (all repositories, one language, or a
// repository subset). No I/O, so the API, the pages and the tests compute identical numbers.
//
// - A whole-benchmark or whole-language scope shows the stored overall / language rows as they are.
// - A subset is POOLED: counts are summed over its repositories, then divided (Table 11 / Tables 12-13 language
//   rows), never averaged. A repeated-run entry is pooled run by run and then averaged over runs, the same way the
//   scorer builds its mean row, so a subset equal to the whole benchmark gives back the stored overall numbers.
// - A cell that was never published (a reported entry's per-repository finding counts) is not a zero: a metric that
//   needs it is null, and an entry missing a repository of the subset is marked incomplete with no numbers.

/** Normalizes a requested scope against the version: unknown repositories are dropped, the language lowercased. */
export function normalizeScope(data: LeaderboardData, scope: Partial<LeaderboardScope>): LeaderboardScope {
  const language = scope.language ? scope.language.toLowerCase() : null;
  const known = new Set(data.repositories.map((r) => r.name));
  const repos = [...new Set(scope.repos ?? [])].filter((r) => known.has(r)).sort();
  return { repos, language: language && data.languages.includes(language) ? language : null };
}

/** The repositories a scope covers. */
export function scopeRepositories(data: LeaderboardData, scope: LeaderboardScope): string[] {
  return data.repositories
    .filter((r) => (scope.repos.length === 0 || scope.repos.includes(r.name)) && (!scope.language || r.language === scope.language))
    .map((r) => r.name);
}

export function computeLeaderboardView(data: LeaderboardData, requested: Partial<LeaderboardScope> = {}): LeaderboardView {
  const scope = normalizeScope(data, requested);
  const repos = scopeRepositories(data, scope);
  const whole = scope.language === null && (scope.repos.length === 0 || repos.length === data.repositories.length);
  const wholeLanguage = scope.language !== null && scope.repos.length === 0;
  const bugCounts = data.repositories.filter((r) => repos.includes(r.name)).map((r) => r.referenceBugs);
  return {
    benchmark: data.benchmark,
    scope,
    scope_reference_bugs: bugCounts.length > 0 && bugCounts.every((n) => n !== null) ? bugCounts.reduce((a, b) => a! + b!, 0) : null,
    stamp: data.stamp,
    rows: data.entries.map((entry) => rowOf(entry, repos, whole, wholeLanguage ? scope.language : null)),
  };
}

type Value = { cell: StoredCell | null; runs: (StoredCell | null)[]; complete: boolean };

function valueOf(entry: LeaderboardEntry, repos: string[], whole: boolean, language: string | null): Value {
  if (whole) return { cell: entry.overall, runs: entry.runScores.map((r) => r.overall), complete: entry.overall !== null };
  const runs = entry.runScores.map((run) => poolCells(repos.map((name) => run.repositories[name])));
  if (language && entry.languages[language]) return { cell: entry.languages[language]!, runs, complete: true };
  if (repos.length === 1 && entry.runScores.length === 0) {
    // One repository: its stored cell as published (a reported cell has no finding counts to pool, but has a precision).
    const cell = entry.repositories[repos[0]!] ?? null;
    return { cell, runs: [], complete: cell !== null };
  }
  if (entry.runScores.length > 1) {
    if (runs.some((r) => r === null)) return { cell: null, runs: [], complete: false };
    return { cell: meanCells(runs as StoredCell[]), runs, complete: true };
  }
  const cell = poolCells(repos.map((name) => entry.repositories[name]));
  return { cell, runs: [], complete: cell !== null };
}

function rowOf(entry: LeaderboardEntry, repos: string[], whole: boolean, language: string | null): LeaderboardRow {
  const { cell, runs, complete } = valueOf(entry, repos, whole, language);
  const knownRuns = runs.filter((r): r is StoredCell => r !== null);
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
    report_url: entry.reportUrl,
    panel_validity: entry.panel?.validity ?? null,
    panel_validity_ci: entry.panel?.interval ?? null,
    recall: cell?.recall ?? null,
    precision: cell?.precision ?? null,
    f1: cell?.f1 ?? null,
    recall_ci: cell ? intervalOf(cell.matchedReferenceBugs, cell.referenceBugs) : null,
    precision_ci: cell ? intervalOf(cell.matchedFindings, cell.findings) : null,
    matched_reference_bugs: cell?.matchedReferenceBugs ?? null,
    reference_bugs: cell?.referenceBugs ?? null,
    matched_findings: cell?.matchedFindings ?? null,
    findings: cell?.findings ?? null,
    range: knownRuns.length > 1 && knownRuns.length === runs.length ? rangeOf(knownRuns) : null,
    complete,
  };
}

/** Sums counts over cells; null when a cell is missing. A metric whose counts are not all known is null. */
export function poolCells(cells: (StoredCell | undefined | null)[]): StoredCell | null {
  if (cells.length === 0 || cells.some((c) => !c)) return null;
  const list = cells as StoredCell[];
  const sum = (pick: (c: StoredCell) => number | null) => (list.every((c) => pick(c) !== null) ? list.reduce((s, c) => s + pick(c)!, 0) : null);
  const mr = sum((c) => c.matchedReferenceBugs);
  const r = sum((c) => c.referenceBugs);
  const mf = sum((c) => c.matchedFindings);
  const f = sum((c) => c.findings);
  const pooled = poolCounts([{ matched_reference_bugs: mr ?? 0, reference_bugs: r ?? 0, matched_findings: mf ?? 0, findings: f ?? 0 }]);
  const recall = mr !== null && r !== null ? pooled.recall : null;
  const precision = mf !== null && f !== null ? pooled.precision : null;
  return {
    recall,
    precision,
    f1: recall !== null && precision !== null ? pooled.f1 : null,
    matchedReferenceBugs: mr,
    referenceBugs: r,
    matchedFindings: mf,
    findings: f,
  };
}

/** Mean of per-run cells, ratios included (the paper's repeated-run rows: lib/scoring/metrics.ts meanMetrics). */
function meanCells(cells: StoredCell[]): StoredCell {
  const allKnown = (pick: (c: StoredCell) => number | null) => cells.every((c) => pick(c) !== null);
  const m = meanMetrics(cells.map(toMetrics));
  const or = (ok: boolean, v: number) => (ok ? v : null);
  return {
    recall: or(allKnown((c) => c.recall), m.recall),
    precision: or(allKnown((c) => c.precision), m.precision),
    f1: or(allKnown((c) => c.f1), m.f1),
    matchedReferenceBugs: or(allKnown((c) => c.matchedReferenceBugs), m.matched_reference_bugs),
    referenceBugs: or(allKnown((c) => c.referenceBugs), m.reference_bugs),
    matchedFindings: or(allKnown((c) => c.matchedFindings), m.matched_findings),
    findings: or(allKnown((c) => c.findings), m.findings),
  };
}

function toMetrics(c: StoredCell): Metrics {
  return {
    recall: c.recall ?? 0,
    precision: c.precision ?? 0,
    f1: c.f1 ?? 0,
    matched_reference_bugs: c.matchedReferenceBugs ?? 0,
    reference_bugs: c.referenceBugs ?? 0,
    matched_findings: c.matchedFindings ?? 0,
    findings: c.findings ?? 0,
  };
}

function rangeOf(cells: StoredCell[]): LeaderboardRow["range"] {
  const span = (pick: (c: StoredCell) => number | null): MetricRange => {
    const values = cells.map(pick).filter((v): v is number => v !== null);
    return { min: Math.min(...values), max: Math.max(...values) };
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
    const { lower, upper } = clopperPearson(x, n);
    interval = [lower, upper];
    if (intervalMemo.size > 50_000) intervalMemo.clear();
    intervalMemo.set(key, interval);
  }
  return interval;
}
