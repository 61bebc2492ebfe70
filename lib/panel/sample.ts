import { createHash, createHmac } from "node:crypto";
import { createSeededRandom } from "../scoring/seeded-random";
import { type PanelRunScope } from "../contracts/panel";

// The panel's sample (paper 2.3, C.3, Table 14): `sampleSize` findings of the submission's first run (the first of
// its repeats), spread over the repositories in proportion to each repository's share of the run's findings (largest
// remainders), drawn reproducibly from a seed. With runs = "all" (an admin's explicit choice) every run is sampled so. Every sampled
// finding gets an opaque id, so the judges never learn which submission or model it came from.

export type SampleCandidate = { id: string; runIndex: number; repository: string; ordinal: number };
export type SampledFinding = { findingId: string; opaqueId: string; runIndex: number; repository: string };

export function seedNumber(...parts: (string | number)[]): number {
  return createHash("sha256").update(parts.join("\u0000")).digest().readUInt32BE(0);
}

/**
 * A keyed hash (HMAC with the server's blinding key, lib/blinding-key.ts) of the seed and the finding: a plain
 * hash would let anyone holding a finding's id and the seed recompute it, and so tell a grader which submission a
 * finding of the grading came from and, with the panel's reviews, its verdict (docs/security.md, Blindness).
 */
export function opaqueFindingId(key: Buffer, seed: string, findingId: string): string {
  return `F-${createHmac("sha256", key).update(`${seed}\u0000${findingId}`).digest("hex").slice(0, 12)}`;
}

/** Seats per repository: proportional to its findings, largest remainders first (ties by name), never above its count. */
export function allocateProportionally(counts: ReadonlyMap<string, number>, seats: number): Map<string, number> {
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const out = new Map<string, number>();
  if (total === 0) return out;
  const target = Math.min(seats, total);
  const rows = [...counts.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, n]) => {
      const exact = (target * n) / total;
      return { name, n, seats: Math.min(n, Math.floor(exact)), remainder: exact - Math.floor(exact) };
    });
  let left = target - rows.reduce((s, r) => s + r.seats, 0);
  const byRemainder = [...rows].sort((a, b) => b.remainder - a.remainder || (a.name < b.name ? -1 : 1));
  while (left > 0) {
    let progressed = false;
    for (const row of byRemainder) {
      if (left === 0) break;
      if (row.seats < row.n) {
        row.seats++;
        left--;
        progressed = true;
      }
    }
    if (!progressed) break;
  }
  for (const row of rows) if (row.seats > 0) out.set(row.name, row.seats);
  return out;
}

/** Fisher-Yates with the seeded PRNG: the same seed always gives the same order. */
export function shuffle<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The sample of the first run (or of every run), in run, repository and draw order. */
export function samplePanelFindings(
  candidates: readonly SampleCandidate[],
  opts: { sampleSize: number; seed: string; key: Buffer; runs?: PanelRunScope },
): SampledFinding[] {
  const byRun = new Map<number, Map<string, SampleCandidate[]>>();
  const firstRun = Math.min(...candidates.map((c) => c.runIndex));
  for (const c of candidates) {
    if ((opts.runs ?? "first") === "first" && c.runIndex !== firstRun) continue;
    const repos = byRun.get(c.runIndex) ?? new Map<string, SampleCandidate[]>();
    repos.set(c.repository, [...(repos.get(c.repository) ?? []), c]);
    byRun.set(c.runIndex, repos);
  }
  const out: SampledFinding[] = [];
  for (const runIndex of [...byRun.keys()].sort((a, b) => a - b)) {
    const repos = byRun.get(runIndex)!;
    const seats = allocateProportionally(
      new Map([...repos].map(([name, list]) => [name, list.length])),
      opts.sampleSize,
    );
    for (const [repository, n] of seats) {
      const ordered = [...repos.get(repository)!].sort((a, b) => a.ordinal - b.ordinal);
      const drawn = shuffle(ordered, createSeededRandom(seedNumber(opts.seed, runIndex, repository))).slice(0, n);
      for (const f of drawn)
        out.push({ findingId: f.id, opaqueId: opaqueFindingId(opts.key, opts.seed, f.id), runIndex, repository });
    }
  }
  return out;
}
