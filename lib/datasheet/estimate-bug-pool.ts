import type { BugPool, FamilyName } from "../contracts/datasheet";
import {
  expectedFixed,
  expectedPositionCounts,
  firstHalf,
  fitFamily,
  observedPositionCounts,
  predictLateFixes,
  type FamilyFit,
  type RepositoryPositions,
} from "./bug-pool";
import { FAMILIES } from "./fix-families";

// §A.3 end to end: Table 8 (each family fitted on the full window and on the first half of each repository's
// fix-commit sequence), the held-out check, Figure 3 and Table 9. Years become fix commits at each repository's
// observed pace (N fix commits over the window's months), as the paper does. Pure.

/** Figure 3's bins over the position within a window (t / N). */
const POSITION_BINS = 10;
const HORIZON_YEARS = [5, 10] as const;

const byFamily = <T>(make: (name: FamilyName) => T) =>
  ({ exponential: make("exponential"), weibull: make("weibull"), lognormal: make("lognormal") }) as Record<
    FamilyName,
    T
  >;

export function estimateBugPool(
  repositories: readonly RepositoryPositions[],
  unpositioned: number,
  windowMonths: number | null,
): BugPool | null {
  const used = repositories.filter((r) => r.positions.length > 0 && r.window > 0);
  if (used.length === 0) return null;
  const early = firstHalf(used);
  const full: Record<string, FamilyFit | null> = {};
  const half: Record<string, FamilyFit | null> = {};
  for (const family of FAMILIES) {
    full[family.name] = fitFamily(family, used);
    half[family.name] = fitFamily(family, early);
  }
  const estimate = (fit: FamilyFit | null, i: number) =>
    fit ? { value: fit.parameters[i]!, se: fit.standardErrors[i] ?? null } : null;
  const observed = observedPositionCounts(used, POSITION_BINS);
  const expected = byFamily((name) => {
    const fit = half[name];
    const family = FAMILIES.find((f) => f.name === name)!;
    return fit ? expectedPositionCounts(family, fit.parameters, used, POSITION_BINS) : observed.map(() => 0);
  });
  const paceOf = (r: RepositoryPositions, years: number) => (windowMonths ? (r.window * years * 12) / windowMonths : 0);
  return {
    bugs: used.reduce((n, r) => n + r.positions.length, 0),
    first_half_bugs: early.reduce((n, r) => n + r.positions.length, 0),
    repositories: used.length,
    unpositioned_bugs: unpositioned,
    fits: FAMILIES.map((family) => ({
      family: family.name,
      parameters: family.parameters.map((name, i) => ({
        name,
        full: estimate(full[family.name]!, i),
        first_half: estimate(half[family.name]!, i),
      })),
    })),
    held_out: FAMILIES.flatMap((family) => {
      const fit = half[family.name];
      if (!fit) return [];
      const check = predictLateFixes(family, fit.parameters, used);
      return [
        {
          family: family.name,
          predicted: check.predicted,
          observed: check.observed,
          underprediction_pct: check.underpredictionPct,
        },
      ];
    }),
    position_density: observed.map((count, b) => ({
      from: b / POSITION_BINS,
      to: (b + 1) / POSITION_BINS,
      observed: count,
      expected: byFamily((name) => expected[name][b]!),
    })),
    horizons: FAMILIES.map((family) => {
      const fit = full[family.name];
      const within = (years: number) =>
        fit && windowMonths ? finite(expectedFixed(family, fit.parameters, used, (r) => paceOf(r, years))) : null;
      const total = fit ? expectedFixed(family, fit.parameters, used, () => Infinity) : Infinity;
      return {
        family: family.name,
        five_years: within(HORIZON_YEARS[0]),
        ten_years: within(HORIZON_YEARS[1]),
        total: finite(total),
        total_infinite: !Number.isFinite(total),
      };
    }),
    horizons_missing: windowMonths
      ? null
      : "reference_window_end: the reference window's length sets each repository's pace in fix commits per year",
  };
}

function finite(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}
