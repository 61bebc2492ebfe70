import { minimiseWithRestarts } from "../analyses/stable-beta";
import { numericalHessian } from "../analyses/numerical-hessian";
import type { Family, FamilyName } from "./fix-families";

// §A.3, estimating the total bug pool. Time is counted in bug-fixing commits: a bug fixed by the k-th bug-fixing
// commit of its repository's reference window sits at position k - 1/2 (the commit covers (k - 1, k]; bugs fixed by
// the same commit share its half-integer position), and the window of a repository with N bug-fixing commits is
// (0, N]. A snapshot bug is fixed at a time T drawn from one family f with parameters shared by all repositories, and
// is observed when T <= N. Conditional on the (unknown) number of snapshot bugs of each repository, the observed
// positions are independent draws of f truncated to its window, so the conditional likelihood
//
//   L(theta) = prod_r prod_{i in r} f(t_i; theta) / F(N_r; theta)
//
// uses only the shape of the positions within each window: each repository's unknown number of bugs cancels. The
// continuous density approximates the half-integer positions. Pure: no I/O.

export type RepositoryPositions = {
  repo: string;
  /** N: bug-fixing commits in the repository's reference window. */
  window: number;
  /** Fix positions of its reference bugs (k - 1/2 for the k-th fix commit). */
  positions: number[];
};

export type FamilyFit = {
  family: FamilyName;
  /** Natural parameters in the paper's order (Table 8): [beta], [a, lambda] or [mu, sigma]. */
  parameters: number[];
  /** From the inverse of the observed information (the negated numerical Hessian); null where it is singular. */
  standardErrors: (number | null)[];
  logLikelihood: number;
  bugs: number;
};

/** The k-th bug-fixing commit (1-based) as a position in commits: k - 1/2. */
export function fixPosition(commitIndex: number): number {
  return commitIndex - 0.5;
}

/** The conditional log-likelihood of §A.3 (above) at natural parameters theta. */
export function conditionalLogLikelihood(
  family: Family,
  repositories: readonly RepositoryPositions[],
  theta: readonly number[],
): number {
  let value = 0;
  for (const r of repositories) {
    if (r.positions.length === 0) continue;
    const logWindow = family.logCdf(r.window, theta);
    for (const t of r.positions) value += family.logPdf(t, theta) - logWindow;
  }
  return value;
}

/** Square roots of the diagonal of the inverse of a 1x1 or 2x2 matrix (the information), null where not positive. */
function standardErrorsFromInformation(information: number[][]): (number | null)[] {
  const root = (v: number) => (Number.isFinite(v) && v > 0 ? Math.sqrt(v) : null);
  if (information.length === 1) return [root(1 / information[0]![0]!)];
  const [[a, b], [c, d]] = information as [[number, number], [number, number]];
  const det = a * d - b * c;
  if (!Number.isFinite(det) || det <= 0) return [null, null];
  return [root(d / det), root(a / det)];
}

/**
 * Maximum-likelihood fit of one family to the positions of all repositories (shared parameters): Nelder-Mead from
 * fmin with restarts (the optimiser of the stable-beta fit), over unconstrained coordinates from a few starts.
 * Null when no repository has a bug.
 */
export function fitFamily(family: Family, repositories: readonly RepositoryPositions[]): FamilyFit | null {
  const used = repositories.filter((r) => r.positions.length > 0 && r.window > 0);
  const all = used.flatMap((r) => r.positions);
  if (all.length === 0) return null;
  const objective = (x: number[]) => {
    const value = -conditionalLogLikelihood(family, used, family.fromCoordinates(x));
    return Number.isFinite(value) ? value : Number.MAX_VALUE;
  };
  let best: { x: number[]; fx: number } | null = null;
  for (const start of family.starts(all)) {
    const result = minimiseWithRestarts(objective, family.toCoordinates(start));
    if (!best || result.fx < best.fx) best = result;
  }
  const parameters = family.fromCoordinates(best!.x);
  const information = numericalHessian((theta) => -conditionalLogLikelihood(family, used, theta), parameters);
  return {
    family: family.name,
    parameters,
    standardErrors: standardErrorsFromInformation(information),
    logLikelihood: -best!.fx,
    bugs: all.length,
  };
}

/** The first half of each repository's fix-commit sequence: its first floor(N/2) commits and the bugs they fixed. */
export function firstHalf(repositories: readonly RepositoryPositions[]): RepositoryPositions[] {
  return repositories.map((r) => {
    const window = Math.floor(r.window / 2);
    return { repo: r.repo, window, positions: r.positions.filter((t) => t < window) };
  });
}

function cdf(family: Family, t: number, theta: readonly number[]): number {
  return t === Infinity ? 1 : Math.exp(family.logCdf(t, theta));
}

/**
 * The held-out check: from the first-half fit, the late fixes (second half of each sequence) each family predicts,
 * against those observed. A repository with n early bugs has n / F(N/2) snapshot bugs by the fit, of which
 * F(N) - F(N/2) are fixed late. Underprediction is (observed - predicted) / observed.
 */
export function predictLateFixes(
  family: Family,
  theta: readonly number[],
  repositories: readonly RepositoryPositions[],
): { predicted: number; observed: number; underpredictionPct: number | null } {
  let predicted = 0;
  let observed = 0;
  for (const r of repositories) {
    const half = Math.floor(r.window / 2);
    const early = r.positions.filter((t) => t < half).length;
    observed += r.positions.length - early;
    if (early === 0 || half === 0) continue;
    const atHalf = cdf(family, half, theta);
    predicted += (early * (cdf(family, r.window, theta) - atHalf)) / atHalf;
  }
  return {
    predicted,
    observed,
    underpredictionPct: observed > 0 ? ((observed - predicted) / observed) * 100 : null,
  };
}

/**
 * Table 9: bugs expected fixed within a horizon, by the full-window fit. A repository with n observed bugs and N fix
 * commits has n / F(N) snapshot bugs; within h fix commits F(h) of them are fixed. `horizon(r)` converts the horizon
 * to fix commits at the repository's observed pace (Infinity: the whole tail, the total). Infinite when F(N) is zero
 * for a repository with bugs: the fit then puts no mass in the window and gives no finite count.
 */
export function expectedFixed(
  family: Family,
  theta: readonly number[],
  repositories: readonly RepositoryPositions[],
  horizon: (r: RepositoryPositions) => number,
): number {
  let total = 0;
  for (const r of repositories) {
    if (r.positions.length === 0) continue;
    const inWindow = cdf(family, r.window, theta);
    if (!(inWindow > 0)) return Infinity;
    total += (r.positions.length * cdf(family, horizon(r), theta)) / inWindow;
  }
  return total;
}

/** Figure 3's fitted curve: expected bugs per bin of normalised position u = t / N, from a fit on the first half. */
export function expectedPositionCounts(
  family: Family,
  theta: readonly number[],
  repositories: readonly RepositoryPositions[],
  bins: number,
): number[] {
  const counts = new Array<number>(bins).fill(0);
  for (const r of repositories) {
    const half = Math.floor(r.window / 2);
    const early = r.positions.filter((t) => t < half).length;
    if (early === 0 || half === 0) continue;
    const pool = early / cdf(family, half, theta);
    for (let b = 0; b < bins; b++)
      counts[b]! +=
        pool * (cdf(family, ((b + 1) / bins) * r.window, theta) - cdf(family, (b / bins) * r.window, theta));
  }
  return counts;
}

/** Observed bugs per bin of normalised position u = t / N (Figure 3's bars). */
export function observedPositionCounts(repositories: readonly RepositoryPositions[], bins: number): number[] {
  const counts = new Array<number>(bins).fill(0);
  for (const r of repositories)
    for (const t of r.positions) counts[Math.min(bins - 1, Math.floor((t / r.window) * bins))]!++;
  return counts;
}
