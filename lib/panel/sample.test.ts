import { describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { allocateProportionally, opaqueFindingId, samplePanelFindings, type SampleCandidate } from "./sample";

const key = Buffer.from("a test blinding key");

function candidates(runs: number, perRepo: Record<string, number>): SampleCandidate[] {
  const out: SampleCandidate[] = [];
  for (let run = 0; run < runs; run++) {
    let ordinal = 0;
    for (const [repo, n] of Object.entries(perRepo))
      for (let i = 0; i < n; i++)
        out.push({ id: `r${run}-${repo}-${i}`, runIndex: run, repository: repo, ordinal: ordinal++ });
  }
  return out;
}

describe("allocateProportionally", () => {
  it("splits seats in proportion with largest remainders", () => {
    // 100 seats over 50 / 30 / 20 findings of 200: 25 / 15 / 10; over 3 / 3 / 1 of 7 with 5 seats: 2.14, 2.14, 0.71.
    expect(
      Object.fromEntries(
        allocateProportionally(
          new Map([
            ["a", 100],
            ["b", 60],
            ["c", 40],
          ]),
          100,
        ),
      ),
    ).toEqual({ a: 50, b: 30, c: 20 });
    expect(
      Object.fromEntries(
        allocateProportionally(
          new Map([
            ["a", 3],
            ["b", 3],
            ["c", 1],
          ]),
          5,
        ),
      ),
    ).toEqual({ a: 2, b: 2, c: 1 });
  });
  it("takes everything when the sample is larger than the findings", () => {
    expect(
      Object.fromEntries(
        allocateProportionally(
          new Map([
            ["a", 2],
            ["b", 1],
          ]),
          100,
        ),
      ),
    ).toEqual({ a: 2, b: 1 });
  });
  it("never gives a repository more seats than findings", () => {
    const seats = allocateProportionally(
      new Map([
        ["a", 1],
        ["b", 1000],
      ]),
      999,
    );
    expect(seats.get("a")).toBeLessThanOrEqual(1);
    expect([...seats.values()].reduce((x, y) => x + y, 0)).toBe(999);
  });
});

describe("samplePanelFindings", () => {
  const pool = candidates(2, { "acme/a": 60, "acme/b": 30, "acme/c": 10 });
  it("samples the first run only by default (Table 14), 100 findings in proportion to its repositories", () => {
    const threeRuns = candidates(3, { "acme/a": 120, "acme/b": 60, "acme/c": 20 });
    // The first run's findings: 120 / 60 / 20 of 200, so 100 seats give 60 / 30 / 10.
    const sample = samplePanelFindings(threeRuns, { key, sampleSize: 100, seed: "s1" });
    expect(sample).toHaveLength(100);
    expect(new Set(sample.map((f) => f.runIndex))).toEqual(new Set([0]));
    expect(sample.every((f) => f.findingId.startsWith("r0-"))).toBe(true);
    expect(sample.filter((f) => f.repository === "acme/a")).toHaveLength(60);
    expect(sample.filter((f) => f.repository === "acme/b")).toHaveLength(30);
    expect(sample.filter((f) => f.repository === "acme/c")).toHaveLength(10);
    // The first run is the lowest index present, whatever it is.
    expect(
      new Set(
        samplePanelFindings(
          threeRuns.filter((c) => c.runIndex > 0),
          { key, sampleSize: 10, seed: "s1" },
        ).map((f) => f.runIndex),
      ),
    ).toEqual(new Set([1]));
    expect(samplePanelFindings(threeRuns, { key, sampleSize: 100, seed: "s1", runs: "first" })).toEqual(sample);
  });
  it("samples every run when asked explicitly, proportional to repositories, reproducibly from the seed", () => {
    const first = samplePanelFindings(pool, { key, sampleSize: 20, seed: "s1", runs: "all" });
    const again = samplePanelFindings([...pool].reverse(), { key, sampleSize: 20, seed: "s1", runs: "all" });
    expect(first).toEqual(again);
    expect(first).toHaveLength(40);
    for (const run of [0, 1]) {
      const mine = first.filter((f) => f.runIndex === run);
      expect(mine.filter((f) => f.repository === "acme/a")).toHaveLength(12);
      expect(mine.filter((f) => f.repository === "acme/b")).toHaveLength(6);
      expect(mine.filter((f) => f.repository === "acme/c")).toHaveLength(2);
    }
    expect(new Set(first.map((f) => f.findingId)).size).toBe(40);
  });
  it("draws another sample from another seed", () => {
    const a = samplePanelFindings(pool, { key, sampleSize: 20, seed: "s1" }).map((f) => f.findingId);
    const b = samplePanelFindings(pool, { key, sampleSize: 20, seed: "s2" }).map((f) => f.findingId);
    expect(a).not.toEqual(b);
  });
  it("gives opaque ids that do not reveal the finding id", () => {
    const [f] = samplePanelFindings(pool, { key, sampleSize: 1, seed: "s1" });
    expect(f!.opaqueId).toMatch(/^F-[0-9a-f]{12}$/);
    expect(f!.opaqueId).toBe(opaqueFindingId(key, "s1", f!.findingId));
    expect(f!.opaqueId).not.toContain(f!.findingId);
  });
  it("gives opaque ids that the seed and the finding id alone do not recompute (a keyed hash)", () => {
    const [f] = samplePanelFindings(pool, { key, sampleSize: 1, seed: "s1" });
    // The unkeyed hash anyone could compute from a published seed and a public finding id.
    const unkeyed = `F-${createHash("sha256").update(`s1\u0000${f!.findingId}`).digest("hex").slice(0, 12)}`;
    expect(f!.opaqueId).not.toBe(unkeyed);
    expect(opaqueFindingId(Buffer.from("another key"), "s1", f!.findingId)).not.toBe(f!.opaqueId);
  });
});
