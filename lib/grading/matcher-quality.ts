import { binaryQuality, countConfusion, proportion, type BinaryQuality, type LabelledDecision } from "./binary-quality";
import type { Proportion } from "../contracts/common";
import {
  boundStratumMatches,
  stratifiedRatio,
  type DesignUnit,
  type StratumBound,
  type StratumFrame,
  type WeightedEstimate,
} from "./stratified-estimate";

// The matcher measured against maintainers' labels (§2.3, §A.4), per judge configuration. Pure: labelled pairs and the
// verdicts the verdict cache holds for them in, figures out.
//
// - A pair's label is the consensus of its labellers' blind labels: one label when they all agree, "debatable" when any
//   says debatable or they disagree. Debatable pairs are reported apart (the paper's three debatable pairs), never
//   counted as right or wrong.
// - "With the filter": a pair the prefilter never sent to the judge counts as "no match" (that is what scoring does);
//   a pair the configuration judged counts its verdict. "Judge alone": only pairs the configuration judged, filtered
//   out or not (a candidate judge run over the labelled set judges every labelled pair: the paper's "filter off").
// - The filter's recall: labelled matches the prefilter kept, of all labelled matches.
// - Repeat agreement: pairs judged more than once by one model and prompt (another endpoint or rendering: another
//   cache key), the share whose verdicts are all identical.
// - Recall, agreement and the filter's recall are weighted by the design the pairs were drawn with (each stratum's
//   population over its labelled pairs, stratified-estimate.ts): the strata are drawn in fixed shares, so the raw
//   counts over-represent the small judged strata. Precision needs no weights for the judge in use (every pair it
//   matched sits in one stratum) and stays the plain count. Pairs of a sample drawn before populations were stored
//   are left out of the weighted figures; with none left, those figures are null and say why.

export type PairLabel = "same" | "different" | "debatable";
export const STRATA = ["judged_match", "judged_no_match", "filtered_out"] as const;
export type Stratum = (typeof STRATA)[number];

export type LabelledPair = {
  id: string;
  stratum: Stratum;
  prefilterVersion: string;
  embedder: string;
  /** The blind label of each labeller who labelled it (empty: not labelled yet). */
  labels: readonly PairLabel[];
  /** Drawn by a sample that stored its strata's populations (it can be weighted). */
  inDesign: boolean;
};

/** Pairs per stratum in the population the latest sample was drawn from. */
export type StratumPopulations = Record<Stratum, number>;

export type CachedVerdict = {
  pairId: string;
  judgeModel: string;
  promptVersion: string;
  configHash: string;
  match: boolean;
};

export function consensusLabel(labels: readonly PairLabel[]): PairLabel | null {
  if (labels.length === 0) return null;
  const first = labels[0]!;
  return labels.every((l) => l === first) ? first : "debatable";
}

type FilterQuality = {
  prefilterVersion: string;
  embedder: string;
  /** Labelled pairs drawn from scorings with this filter. */
  labelled: number;
  recall: Proportion;
  weightedRecall: WeightedEstimate | null;
  /** How many matches the filtered-out stratum may hide, from its labelled pairs. */
  filteredOut: StratumBound | null;
};

type WeightedPair = { recall: WeightedEstimate; agreement: WeightedEstimate };

type JudgeConfigurationQuality = {
  judgeModel: string;
  promptVersion: string;
  prefilterVersion: string;
  embedder: string;
  /** Pairs labelled same or different (debatable ones apart). */
  withFilter: BinaryQuality;
  judgeAlone: BinaryQuality;
  debatable: { pairs: number; judgedMatch: number };
  repeatAgreement: Proportion;
  weighted: { withFilter: WeightedPair; judgeAlone: WeightedPair } | null;
};

type Weighting = {
  /** Whether the weighted figures exist; `reason` says why not. */
  weighted: boolean;
  reason: string | null;
  /** Labelled pairs left out of the weighted figures: drawn before their sample stored its populations. */
  pairsLeftOut: number;
};

export type MatcherQuality = {
  labelled: number;
  unlabelled: number;
  byLabel: Record<PairLabel, number>;
  filters: FilterQuality[];
  configurations: JudgeConfigurationQuality[];
  weighting: Weighting;
};

/** Each stratum's frame for the weights, or why the labelled pairs cannot be weighted. */
function designFrames(
  labelled: readonly Pick<LabelledPair, "stratum" | "inDesign">[],
  populations: StratumPopulations | null,
): { frames: Record<Stratum, StratumFrame> | null; weighting: Weighting } {
  const inDesign = labelled.filter((p) => p.inDesign);
  const pairsLeftOut = labelled.length - inDesign.length;
  if (populations === null)
    return {
      frames: null,
      weighting: {
        weighted: false,
        reason:
          "cannot be weighted: no sample stores the population of its strata (drawn before they were recorded); draw a new sample",
        pairsLeftOut,
      },
    };
  const frames = Object.fromEntries(
    STRATA.map((s) => [s, { population: populations[s], sampled: inDesign.filter((p) => p.stratum === s).length }]),
  ) as Record<Stratum, StratumFrame>;
  const missing = STRATA.find((s) => frames[s].population > 0 && frames[s].sampled === 0);
  if (missing)
    return {
      frames: null,
      weighting: {
        weighted: false,
        reason: `cannot be weighted yet: no pair of the ${missing.replaceAll("_", " ")} stratum is labelled`,
        pairsLeftOut,
      },
    };
  return { frames, weighting: { weighted: true, reason: null, pairsLeftOut } };
}

const weightedPair = (
  decisions: readonly (LabelledDecision & { stratum: Stratum })[],
  frames: Record<Stratum, StratumFrame>,
): WeightedPair => ({
  recall: stratifiedRatio(
    decisions.map((d) => ({ stratum: d.stratum, denominator: d.truth, numerator: d.truth && d.predicted })),
    frames,
  ),
  agreement: stratifiedRatio(
    decisions.map((d) => ({ stratum: d.stratum, denominator: true, numerator: d.truth === d.predicted })),
    frames,
  ),
});

const byKey = <T>(items: readonly T[], key: (t: T) => string): Map<string, T[]> => {
  const out = new Map<string, T[]>();
  for (const item of items) out.set(key(item), [...(out.get(key(item)) ?? []), item]);
  return out;
};

export function matcherQuality(
  pairs: readonly LabelledPair[],
  verdicts: readonly CachedVerdict[],
  populations: StratumPopulations | null,
): MatcherQuality {
  const labelOf = new Map(pairs.map((p) => [p.id, consensusLabel(p.labels)]));
  const labelled = pairs.filter((p) => labelOf.get(p.id) !== null);
  const { frames, weighting } = designFrames(labelled, populations);
  const weighable = (p: LabelledPair) => frames !== null && p.inDesign;
  const byLabel: Record<PairLabel, number> = { same: 0, different: 0, debatable: 0 };
  for (const p of labelled) byLabel[labelOf.get(p.id)!]++;

  const filters = [...byKey(labelled, (p) => `${p.prefilterVersion}\u0000${p.embedder}`).values()].map((group) => {
    const matches = group.filter((p) => labelOf.get(p.id) === "same");
    let weightedRecall: WeightedEstimate | null = null;
    let filteredOut: StratumBound | null = null;
    if (frames) {
      const units: DesignUnit[] = group.filter(weighable).map((p) => {
        const same = labelOf.get(p.id) === "same";
        return { stratum: p.stratum, denominator: same, numerator: same && p.stratum !== "filtered_out" };
      });
      weightedRecall = stratifiedRatio(units, frames);
      const keptMatches = units
        .filter((u) => u.numerator)
        .reduce((a, u) => a + frames[u.stratum as Stratum].population / frames[u.stratum as Stratum].sampled, 0);
      const filteredMatches = units.filter((u) => u.denominator && u.stratum === "filtered_out").length;
      filteredOut = boundStratumMatches(frames.filtered_out, filteredMatches, keptMatches);
    }
    return {
      prefilterVersion: group[0]!.prefilterVersion,
      embedder: group[0]!.embedder,
      labelled: group.length,
      recall: proportion(matches.filter((p) => p.stratum !== "filtered_out").length, matches.length),
      weightedRecall,
      filteredOut,
    };
  });

  const pairById = new Map(labelled.map((p) => [p.id, p]));
  const configurations: JudgeConfigurationQuality[] = [];
  const relevant = verdicts.filter((v) => pairById.has(v.pairId));
  for (const judged of byKey(relevant, (v) => `${v.judgeModel}\u0000${v.promptVersion}`).values()) {
    const { judgeModel, promptVersion } = judged[0]!;
    const perPair = byKey(judged, (v) => v.pairId);
    const repeated = [...perPair.values()].filter((vs) => vs.length > 1);
    const repeatAgreement = proportion(
      repeated.filter((vs) => vs.every((v) => v.match === vs[0]!.match)).length,
      repeated.length,
    );
    // One configuration row per filter the labelled pairs were drawn with.
    for (const group of byKey(labelled, (p) => `${p.prefilterVersion}\u0000${p.embedder}`).values()) {
      const withFilter: (LabelledDecision & { stratum: Stratum; inDesign: boolean })[] = [];
      const judgeAlone: (LabelledDecision & { stratum: Stratum; inDesign: boolean })[] = [];
      const debatable = { pairs: 0, judgedMatch: 0 };
      let judgedHere = 0;
      for (const pair of group) {
        const verdict = perPair.get(pair.id)?.[0];
        if (verdict) judgedHere++;
        const label = labelOf.get(pair.id)!;
        if (label === "debatable") {
          if (verdict) {
            debatable.pairs++;
            if (verdict.match) debatable.judgedMatch++;
          }
          continue;
        }
        const truth = label === "same";
        const at = { stratum: pair.stratum, inDesign: weighable(pair) };
        if (verdict) judgeAlone.push({ ...at, truth, predicted: verdict.match });
        if (pair.stratum === "filtered_out") withFilter.push({ ...at, truth, predicted: false });
        else if (verdict) withFilter.push({ ...at, truth, predicted: verdict.match });
      }
      if (judgedHere === 0) continue;
      configurations.push({
        judgeModel,
        promptVersion,
        prefilterVersion: group[0]!.prefilterVersion,
        embedder: group[0]!.embedder,
        withFilter: binaryQuality(countConfusion(withFilter)),
        judgeAlone: binaryQuality(countConfusion(judgeAlone)),
        debatable,
        repeatAgreement,
        weighted: frames
          ? {
              withFilter: weightedPair(
                withFilter.filter((d) => d.inDesign),
                frames,
              ),
              judgeAlone: weightedPair(
                judgeAlone.filter((d) => d.inDesign),
                frames,
              ),
            }
          : null,
      });
    }
  }
  configurations.sort((a, b) => b.withFilter.pairs - a.withFilter.pairs || a.judgeModel.localeCompare(b.judgeModel));
  return {
    labelled: labelled.length,
    unlabelled: pairs.length - labelled.length,
    byLabel,
    filters,
    configurations,
    weighting,
  };
}
