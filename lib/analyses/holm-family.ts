// §C.4, Table 16: which fix-rank tests Holm's step-down adjusts across. The paper adjusts "for all 27 tests": every
// run of every configuration of Table 3, i.e. every run of every full-harness configuration on the whole benchmark,
// small samples included. Here the family is the same: every tested run of the version's approved full-harness
// configurations, plus the p-values the paper publishes for the same version where a reported row gives them.
// Pure: no I/O.

import { FULL_HARNESS } from "../contracts/bug-types";
import { holmAdjust } from "./fix-rank";

/** The harness label of the paper's own rows (Table 3) as the reported data file spells it. */
const REPORTED_FULL_HARNESS = "PROBE full harness";

/**
 * The fewest matched bugs with a fix date for the test to have useful power. Smaller runs are tested all the same and
 * stay in Holm's family (the paper drops none); they are flagged so nobody reads a large p as "no contamination".
 */
export const MIN_MATCHED_FOR_POWER = 20;

export const LOW_POWER_NOTE = `Too small for the test to have power (fewer than ${MIN_MATCHED_FOR_POWER} matched bugs with a fix date); kept in Holm's family.`;

/** A configuration of the paper's Table 3 kind: the full harness over the whole benchmark (not a subset). */
export function isFullBenchmarkConfiguration(config: {
  source: "reported" | "upload" | "in_house";
  harness: string | null;
  subset?: string | null;
}): boolean {
  const harness = (config.harness ?? "").trim().toLowerCase();
  if (config.source === "reported")
    return (config.subset ?? "full") === "full" && harness === REPORTED_FULL_HARNESS.toLowerCase();
  return harness === FULL_HARNESS;
}

export type HolmCandidate = {
  key: string;
  /** Null: no test (no fix dates, no matched bug). */
  p: number | null;
  /** Approved verified entries and reported rows count; pending or rejected entries do not. */
  approved: boolean;
  fullBenchmark: boolean;
  /** A published row's own family size (Table 16: "all 27 tests"): the paper's tests, of which it may give a few. */
  publishedFamily?: number;
};

/**
 * Holm's adjustment over the family; the keys outside it get no adjusted p. `family` is the number of tests, `known`
 * how many of their p-values are at hand. When published rows say their family was larger than the rows given (the
 * paper adjusts over 27 tests; the data file holds 6 of them), the family is the published size plus the other
 * members, the missing p-values are unknown, and Holm over the known ones alone would understate every adjusted p.
 * Then each gets Bonferroni's p x family (capped at 1), an upper bound on its Holm-adjusted p whatever the missing
 * p-values are.
 */
export function adjustHolmFamily(candidates: readonly HolmCandidate[]): {
  adjusted: Map<string, number>;
  family: number;
  known: number;
} {
  const members = candidates.filter((c) => c.p !== null && c.approved && c.fullBenchmark);
  const published = members.filter((c) => c.publishedFamily !== undefined);
  const declared = Math.max(0, ...published.map((c) => c.publishedFamily!));
  const family = Math.max(declared, published.length) + (members.length - published.length);
  const adjusted =
    family > members.length ? members.map((c) => Math.min(1, c.p! * family)) : holmAdjust(members.map((c) => c.p!));
  return { adjusted: new Map(members.map((c, i) => [c.key, adjusted[i]!])), family, known: members.length };
}

/** What an adjusted p is when only part of its family is known (`known` of `family` p-values), else null. */
export function partialFamilyNote(family: number | null, known: number | null): string | null {
  if (family === null || known === null || known >= family) return null;
  return `Bonferroni bound over the full family of ${family} tests (${known} of their p-values known): Holm's adjusted p is at most this, whatever the missing ones are.`;
}

/** Why a tested run carries no adjusted p, or null when it does (or has no test at all). */
export function holmExclusionReason(run: {
  p: number | null;
  pHolm: number | null;
  approved: boolean;
  fullBenchmark: boolean;
}): string | null {
  if (run.p === null || run.pHolm !== null) return null;
  if (!run.fullBenchmark)
    return `Not in Holm's family: only full-harness (${FULL_HARNESS}) configurations are, as in Table 16 of the paper.`;
  if (!run.approved) return "Adjusted once the entry is approved.";
  return null;
}
