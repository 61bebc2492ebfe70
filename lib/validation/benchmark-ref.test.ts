import { describe, expect, it } from "vitest";
import { benchmarkRefSchema, parseBenchmarkRef, pickBenchmarkVersion } from "./benchmark-ref";

describe("parseBenchmarkRef", () => {
  it("splits slug@version and leaves the version open for a bare slug", () => {
    expect(parseBenchmarkRef("probe@2026.1")).toEqual({ slug: "probe", version: "2026.1" });
    expect(parseBenchmarkRef("probe")).toEqual({ slug: "probe", version: null });
    expect(benchmarkRefSchema.safeParse("probe@1 2").success).toBe(false);
    expect(benchmarkRefSchema.safeParse("probe@2026.1").success).toBe(true);
  });
});

describe("pickBenchmarkVersion", () => {
  // Imported later but frozen earlier: the upload path once picked it (newest createdAt) while the pages picked
  // the other (newest snapshotDate), so "probe" named two versions.
  const versions = [
    { slug: "probe", version: "2", snapshotDate: new Date("2026-03-01"), createdAt: new Date("2026-04-01") },
    { slug: "probe", version: "1-backfill", snapshotDate: new Date("2025-12-01"), createdAt: new Date("2026-05-01") },
    { slug: "other", version: "9", snapshotDate: new Date("2027-01-01"), createdAt: new Date("2027-01-01") },
  ];

  it("names the version with the latest snapshot date, whatever the import order", () => {
    expect(pickBenchmarkVersion(versions, "probe")?.version).toBe("2");
    expect(pickBenchmarkVersion([...versions].reverse(), "probe")?.version).toBe("2");
  });

  it("breaks a snapshot-date tie by the latest import and finds exact versions", () => {
    const tie = [
      { slug: "p", version: "a", snapshotDate: "2026-01-01", createdAt: "2026-01-02" },
      { slug: "p", version: "b", snapshotDate: "2026-01-01", createdAt: "2026-01-03" },
    ];
    expect(pickBenchmarkVersion(tie, "p")?.version).toBe("b");
    expect(pickBenchmarkVersion(versions, "probe@1-backfill")?.version).toBe("1-backfill");
    expect(pickBenchmarkVersion(versions, "probe@3")).toBeUndefined();
  });
});
