import { describe, expect, it } from "vitest";
import { matcherQuality, type CachedVerdict, type LabelledPair, type PairLabel } from "./matcher-quality";
import { boundStratumMatches, stratifiedRatio, type DesignUnit } from "./stratified-estimate";

// One scoring's population: 300 judged matches (296 true), 2,400 judged non-matches (60 true), 97,300 filtered-out pairs
// (2 true). True recall with the filter 296 / 358 = 82.68%, agreement 1 - 66 / 100,000, filter recall 356 / 358.
// A 40/40/20 sample of 200 labels 79 of 80 judged matches same, 2 of 80 judged non-matches, 0 of 40 filtered-out.
// The expected values below were computed by hand (scipy's beta.ppf for the Clopper-Pearson bounds).
const frames = {
  judged_match: { population: 300, sampled: 80 },
  judged_no_match: { population: 2_400, sampled: 80 },
  filtered_out: { population: 97_300, sampled: 40 },
};
const units = (stratum: string, count: number, numerator: boolean, denominator: boolean): DesignUnit[] =>
  Array.from({ length: count }, () => ({ stratum, numerator, denominator }));

describe("the design-weighted ratio of a stratified sample", () => {
  it("lands the matcher's recall near the population's 82.7%, inside its interval", () => {
    const recall = stratifiedRatio(
      [...units("judged_match", 79, true, true), ...units("judged_no_match", 2, false, true)],
      frames,
    );
    // (300 x 79/80) / (300 x 79/80 + 2,400 x 2/80) = 296.25 / 356.25
    expect(recall.value).toBeCloseTo(296.25 / 356.25, 12);
    expect(recall.denominatorTotal).toBeCloseTo(356.25, 9);
    expect(recall.labelled).toBe(81);
    expect(recall.effectiveN).toBeCloseTo(14.9582, 3);
    expect(recall.interval![0]).toBeCloseTo(0.553887, 4);
    expect(recall.interval![1]).toBeCloseTo(0.970616, 4);
    expect(recall.interval![0]).toBeLessThan(296 / 358);
    expect(recall.interval![1]).toBeGreaterThan(296 / 358);
  });

  it("weights agreement by the population, where the raw count says 98.5%", () => {
    const agreement = stratifiedRatio(
      [
        ...units("judged_match", 79, true, true),
        ...units("judged_match", 1, false, true),
        ...units("judged_no_match", 78, true, true),
        ...units("judged_no_match", 2, false, true),
        ...units("filtered_out", 40, true, true),
      ],
      frames,
    );
    expect(agreement.value).toBeCloseTo(0.9993625, 9);
    // The design effect would give n_eff above the 200 labelled pairs: capped.
    expect(agreement.effectiveN).toBe(200);
    expect(agreement.interval![0]).toBeCloseTo(0.980428, 4);
    expect(agreement.interval![0]).toBeLessThan(1 - 66 / 100_000);
  });

  it("says the filtered-out stratum is too thin to bound the filter's misses", () => {
    const filterRecall = stratifiedRatio(
      [...units("judged_match", 79, true, true), ...units("judged_no_match", 2, true, true)],
      frames,
    );
    expect(filterRecall.value).toBe(1);
    expect(filterRecall.effectiveN).toBe(81);
    expect(filterRecall.interval![0]).toBeCloseTo(0.95548, 4);
    // 0 matches in 40 labelled of 97,300: up to 97,300 x (1 - 0.025^(1/40)) = 8,571.9 matches may hide there,
    // far more than the 356.25 the filter kept.
    const bound = boundStratumMatches(frames.filtered_out, 0, 356.25);
    expect(bound.estimate).toBe(0);
    expect(bound.upper).toBeCloseTo(97_300 * (1 - 0.025 ** (1 / 40)), 6);
    expect(bound.tooThin).toBe(true);
    expect(bound.recallFloor).toBeCloseTo(356.25 / (356.25 + bound.upper), 12);
    // 2,000 labelled filtered-out pairs without a match bound the misses below what the filter kept.
    expect(boundStratumMatches({ population: 97_300, sampled: 2_000 }, 0, 356.25).tooThin).toBe(false);
  });

  it("gives no value without a denominator and refuses a stratum with no frame", () => {
    expect(stratifiedRatio([], frames).value).toBe(null);
    expect(() => stratifiedRatio(units("other", 1, false, true), frames)).toThrow(/no sampled frame/);
  });
});

describe("matcher quality weighted by the sample's design", () => {
  const verdicts: CachedVerdict[] = [];
  const pairs: LabelledPair[] = [];
  const add = (stratum: LabelledPair["stratum"], count: number, label: PairLabel, inDesign = true) => {
    for (let i = 0; i < count; i++) {
      const id = `${stratum}-${label}-${pairs.length}`;
      pairs.push({ id, stratum, prefilterVersion: "2", embedder: "e", labels: [label], inDesign });
      if (stratum !== "filtered_out")
        verdicts.push({
          pairId: id,
          judgeModel: "j",
          promptVersion: "2",
          configHash: "h",
          match: stratum === "judged_match",
        });
    }
  };
  add("judged_match", 79, "same");
  add("judged_match", 1, "different");
  add("judged_no_match", 2, "same");
  add("judged_no_match", 78, "different");
  add("filtered_out", 40, "different");
  const populations = { judged_match: 300, judged_no_match: 2_400, filtered_out: 97_300 };

  it("publishes the weighted recall (83.2%) where the raw count is 97.5%", () => {
    const q = matcherQuality(pairs, verdicts, populations);
    const [c] = q.configurations;
    expect(c!.withFilter.recall.value).toBeCloseTo(79 / 81, 12);
    expect(c!.weighted!.withFilter.recall.value).toBeCloseTo(296.25 / 356.25, 12);
    expect(c!.weighted!.withFilter.agreement.value).toBeCloseTo(0.9993625, 9);
    // Precision stays the plain count: every judged match sits in one stratum.
    expect(c!.withFilter.precision.value).toBeCloseTo(79 / 80, 12);
    expect(q.filters[0]!.weightedRecall!.value).toBe(1);
    expect(q.filters[0]!.filteredOut!.tooThin).toBe(true);
    expect(q.weighting).toEqual({ weighted: true, reason: null, pairsLeftOut: 0 });
  });

  it("says the figures cannot be weighted without stored populations, and leaves out older samples' pairs", () => {
    const q = matcherQuality(pairs, verdicts, null);
    expect(q.weighting.weighted).toBe(false);
    expect(q.weighting.reason).toMatch(/cannot be weighted/);
    expect(q.configurations[0]!.weighted).toBe(null);
    expect(q.filters[0]!.weightedRecall).toBe(null);
    const older = pairs.map((p, i) => ({ ...p, inDesign: i % 2 === 0 || p.stratum !== "judged_no_match" }));
    const partial = matcherQuality(older, verdicts, populations);
    expect(partial.weighting.pairsLeftOut).toBe(40);
    expect(partial.configurations[0]!.weighted!.withFilter.recall.labelled).toBeLessThanOrEqual(81);
  });

  it("refuses to weight while a populated stratum has no labelled pair", () => {
    const q = matcherQuality(
      pairs.filter((p) => p.stratum !== "filtered_out"),
      verdicts,
      populations,
    );
    expect(q.weighting.reason).toMatch(/filtered out stratum/);
  });
});
