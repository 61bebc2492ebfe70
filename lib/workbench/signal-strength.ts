import { PAPER_THRESHOLDS, SIGNAL_NAMES } from "../scoring/thresholds";
import type { SignalName, SignalValues, Thresholds } from "../scoring/types";

// How close a finding/reference pair came to the judge, for the workbench: each signal as a share of its Table 10
// threshold (1 = exactly at the threshold). A pair's strength is its strongest signal's share, so unmatched findings
// sort near misses first.

const SIGNAL_LABELS: Record<SignalName, string> = {
  lineOverlap: "Line overlap (Jaccard, same file)",
  fullTextEmbedding: "Full-text embedding (cosine)",
  descriptionEmbedding: "Description embedding (cosine)",
  snippetTokens: "Snippet tokens (IDF-weighted Jaccard)",
  identifiers: "Identifiers (IDF-weighted Jaccard)",
  apiCalls: "API calls (IDF-weighted Jaccard)",
};

const SIGNAL_KEYS: Record<SignalName, string> = {
  lineOverlap: "line_overlap",
  fullTextEmbedding: "full_text_embedding",
  descriptionEmbedding: "description_embedding",
  snippetTokens: "snippet_tokens",
  identifiers: "identifiers",
  apiCalls: "api_calls",
};

export type SignalReading = { signal: string; label: string; value: number; threshold: number; reached: boolean };

/** The six signals of a pair against their thresholds, in the fixed Table 10 order. */
export function readSignals(values: SignalValues, thresholds: Thresholds = PAPER_THRESHOLDS): SignalReading[] {
  return SIGNAL_NAMES.map((name) => ({
    signal: SIGNAL_KEYS[name],
    label: SIGNAL_LABELS[name],
    value: values[name],
    threshold: thresholds[name],
    reached: values[name] >= thresholds[name],
  }));
}

/** The strongest signal of a pair: the largest value / threshold, and which signal it was. */
export function strongestSignal(
  values: SignalValues,
  thresholds: Thresholds = PAPER_THRESHOLDS,
): { signal: string; strength: number } {
  let best: { signal: string; strength: number } = { signal: SIGNAL_KEYS.lineOverlap, strength: -Infinity };
  for (const name of SIGNAL_NAMES) {
    const strength = thresholds[name] > 0 ? values[name] / thresholds[name] : 0;
    if (strength > best.strength) best = { signal: SIGNAL_KEYS[name], strength };
  }
  return best;
}

/**
 * Orders items by strength, strongest first; items without a candidate pair (no signal reached a threshold, so no
 * values were stored) come last. Ties keep their input order.
 */
export function sortByStrength<T extends { strength: number | null }>(items: readonly T[]): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => (b.item.strength ?? -1) - (a.item.strength ?? -1) || a.index - b.index)
    .map(({ item }) => item);
}
