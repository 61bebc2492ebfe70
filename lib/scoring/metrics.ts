// Recall, historical precision and F1 (§A.4, Table 1). Matching is many-to-many: a reference bug counts
// once however many findings match it, and a finding counts once however many reference bugs it matches.

import type { Counts, Ratio, Score, ScoreBreakdown } from "./types";

const ZERO_COUNTS: Counts = { matched_reference_bugs: 0, reference_bugs: 0, matched_findings: 0, findings: 0 };

/** numerator / denominator, or null ("no value") when the denominator is empty: never 0, never NaN. */
export function ratio(numerator: number, denominator: number): Ratio {
  return denominator > 0 ? numerator / denominator : null;
}

/** Harmonic mean of recall and precision; null when either is null, 0 when both are 0. */
export function f1Of(recall: Ratio, precision: Ratio): Ratio {
  if (recall === null || precision === null) return null;
  return recall + precision > 0 ? (2 * recall * precision) / (recall + precision) : 0;
}

/** Ratios from counts. A repository without findings has no precision (null), not a precision of 0. */
export function computeMetrics(counts: Counts): Score {
  const recall = ratio(counts.matched_reference_bugs, counts.reference_bugs);
  const precision = ratio(counts.matched_findings, counts.findings);
  return {
    matched_reference_bugs: counts.matched_reference_bugs,
    reference_bugs: counts.reference_bugs,
    matched_findings: counts.matched_findings,
    findings: counts.findings,
    recall,
    precision,
    f1: f1Of(recall, precision),
  };
}

function addCounts(a: Counts, b: Counts): Counts {
  return {
    matched_reference_bugs: a.matched_reference_bugs + b.matched_reference_bugs,
    reference_bugs: a.reference_bugs + b.reference_bugs,
    matched_findings: a.matched_findings + b.matched_findings,
    findings: a.findings + b.findings,
  };
}

/**
 * Pools counts, then takes ratios: how the paper's language rows (Tables 12-13) and a repository
 * subset (Table 11) are computed. Pooling is not the mean of the per-repository ratios.
 */
export function poolCounts(list: Counts[]): Score {
  return computeMetrics(list.reduce(addCounts, ZERO_COUNTS));
}

export type ScoreBreakdownInput = {
  repositories: { name: string; language: string }[];
  referenceBugs: { id: string; repo: string }[];
  findings: { id: string; repo: string }[];
  matches: { findingId: string; referenceId: string }[];
};

/**
 * Overall, per-language (pooled) and per-repository metrics of one run. Every repository of the
 * benchmark gets a row, even without findings, so tables line up across submissions.
 * Items naming an unknown repository or id are a caller bug (input is validated at the boundary), so
 * they throw instead of silently moving recall or precision.
 */
export function computeScoreBreakdown(input: ScoreBreakdownInput): ScoreBreakdown {
  const countsByRepo = new Map<string, Counts>();
  for (const repository of input.repositories) countsByRepo.set(repository.name, { ...ZERO_COUNTS });
  const countsOf = (repo: string, kind: string, id: string): Counts => {
    const counts = countsByRepo.get(repo);
    if (!counts) throw new Error(`${kind} ${id} belongs to unknown repository ${repo}`);
    return counts;
  };

  const referenceRepo = new Map<string, string>();
  for (const bug of input.referenceBugs) {
    countsOf(bug.repo, "reference bug", bug.id).reference_bugs += 1;
    referenceRepo.set(bug.id, bug.repo);
  }
  const findingRepo = new Map<string, string>();
  for (const finding of input.findings) {
    countsOf(finding.repo, "finding", finding.id).findings += 1;
    findingRepo.set(finding.id, finding.repo);
  }

  const matchedReferences = new Set<string>();
  const matchedFindings = new Set<string>();
  for (const match of input.matches) {
    if (!findingRepo.has(match.findingId)) throw new Error(`match names unknown finding ${match.findingId}`);
    if (!referenceRepo.has(match.referenceId))
      throw new Error(`match names unknown reference bug ${match.referenceId}`);
    matchedFindings.add(match.findingId);
    matchedReferences.add(match.referenceId);
  }
  for (const id of matchedReferences) countsOf(referenceRepo.get(id)!, "reference bug", id).matched_reference_bugs += 1;
  for (const id of matchedFindings) countsOf(findingRepo.get(id)!, "finding", id).matched_findings += 1;

  const repositories = [...input.repositories]
    .sort((a, b) => compareText(a.name, b.name))
    .map((repository) => ({
      repo: repository.name,
      language: repository.language,
      ...computeMetrics(countsByRepo.get(repository.name)!),
    }));

  const countsByLanguage = new Map<string, Counts[]>();
  for (const row of repositories) {
    const list = countsByLanguage.get(row.language) ?? [];
    list.push(row);
    countsByLanguage.set(row.language, list);
  }
  const languages = [...countsByLanguage]
    .sort(([a], [b]) => compareText(a, b))
    .map(([language, list]) => ({ language, ...poolCounts(list) }));

  return { overall: poolCounts(repositories), languages, repositories };
}

/**
 * Mean over runs of every field, ratios included: the paper reports repeated configurations as the
 * mean of per-run recall/precision/F1 (Tables 1, 12-13), not as ratios of mean counts. Mean counts can
 * be fractional. A ratio is averaged over the runs where it has a value (a run without findings in a repository
 * has no precision there, it does not pull the mean to 0); null when no run has one. An empty list gives zero
 * counts and null ratios.
 */
export function meanMetrics(list: Score[]): Score {
  const n = list.length;
  const mean = (pick: (m: Score) => number) => (n > 0 ? list.reduce((sum, m) => sum + pick(m), 0) / n : 0);
  return {
    matched_reference_bugs: mean((m) => m.matched_reference_bugs),
    reference_bugs: mean((m) => m.reference_bugs),
    matched_findings: mean((m) => m.matched_findings),
    findings: mean((m) => m.findings),
    recall: meanOfKnown(list.map((m) => m.recall)),
    precision: meanOfKnown(list.map((m) => m.precision)),
    f1: meanOfKnown(list.map((m) => m.f1)),
  };
}

/** Mean of the values that are not null; null when none is. */
export function meanOfKnown(values: Ratio[]): Ratio {
  const known = values.filter((v): v is number => v !== null);
  return known.length > 0 ? known.reduce((a, b) => a + b, 0) / known.length : null;
}

/**
 * Row-by-row mean of several runs' breakdowns. The runs of one submission are scored on one benchmark
 * version, so their rows must line up; a mismatch is a caller bug and throws.
 */
export function meanScoreBreakdown(list: ScoreBreakdown[]): ScoreBreakdown {
  const first = list[0];
  if (!first) return { overall: meanMetrics([]), languages: [], repositories: [] };
  const sameKeys = (keys: string[], other: string[]) =>
    keys.length === other.length && keys.every((k, i) => k === other[i]);
  const languageKeys = first.languages.map((row) => row.language);
  const repoKeys = first.repositories.map((row) => row.repo);
  for (const breakdown of list) {
    if (
      !sameKeys(
        languageKeys,
        breakdown.languages.map((row) => row.language),
      ) ||
      !sameKeys(
        repoKeys,
        breakdown.repositories.map((row) => row.repo),
      )
    ) {
      throw new Error("meanScoreBreakdown: breakdowns cover different languages or repositories");
    }
  }
  return {
    overall: meanMetrics(list.map((b) => b.overall)),
    languages: first.languages.map((row, index) => ({
      language: row.language,
      ...meanMetrics(list.map((b) => b.languages[index]!)),
    })),
    repositories: first.repositories.map((row, index) => ({
      repo: row.repo,
      language: row.language,
      ...meanMetrics(list.map((b) => b.repositories[index]!)),
    })),
  };
}

// Code-unit order, not localeCompare: the order must not depend on the server's locale.
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
