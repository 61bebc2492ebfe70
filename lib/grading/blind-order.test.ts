import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { keyedOrder } from "./blind-order";
import { drawSeeded } from "./sampling";

type Pair = { name: string; stratum: "judged_match" | "judged_no_match" | "filtered_out" };

const pairs: Pair[] = [
  ...Array.from({ length: 8 }, (_, i) => ({ name: `m${i}`, stratum: "judged_match" as const })),
  ...Array.from({ length: 8 }, (_, i) => ({ name: `n${i}`, stratum: "judged_no_match" as const })),
  ...Array.from({ length: 4 }, (_, i) => ({ name: `f${i}`, stratum: "filtered_out" as const })),
];
const key = createHash("sha256").update("a test key").digest();
const seed = "visible-seed";

/** The attack on a seeded order: rebuild the strata from their counts and shuffle them as the server did. */
function predictStrata(counts: Record<Pair["stratum"], number>): string[] {
  const labels = (["judged_match", "judged_no_match", "filtered_out"] as const).flatMap((s) =>
    Array.from({ length: counts[s] }, () => s),
  );
  return drawSeeded(labels, labels.length, seed, "order");
}

describe("keyedOrder", () => {
  const counts = { judged_match: 8, judged_no_match: 8, filtered_out: 4 };

  it("the seeded order it replaces follows from the seed and the counts", () => {
    const seeded = drawSeeded(pairs, pairs.length, seed, "order").map((p) => p.stratum);
    expect(predictStrata(counts)).toEqual(seeded);
  });

  it("does not: the same attack misses, and the order changes with the key alone", () => {
    const ordered = keyedOrder(pairs, (p) => p.name, key, `label-order\u0000${seed}`);
    expect(ordered.map((p) => p.stratum)).not.toEqual(predictStrata(counts));
    const otherKey = createHash("sha256").update("another key").digest();
    expect(keyedOrder(pairs, (p) => p.name, otherKey, `label-order\u0000${seed}`)).not.toEqual(ordered);
  });

  it("is a stable permutation for one key, whatever order the items come in", () => {
    const ordered = keyedOrder(pairs, (p) => p.name, key, "c");
    expect(keyedOrder([...pairs].reverse(), (p) => p.name, key, "c")).toEqual(ordered);
    expect([...ordered].sort((a, b) => a.name.localeCompare(b.name))).toEqual(
      [...pairs].sort((a, b) => a.name.localeCompare(b.name)),
    );
  });
});
