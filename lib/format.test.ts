import { describe, expect, it } from "vitest";
import {
  DASH,
  formatPValue,
  formatUtc,
  hasNoValue,
  modelMetadataText,
  NO_VALUE,
  parameterCountText,
  pct,
  pValueText,
  ratioText,
} from "./format";

const score = (
  recall: number | null,
  precision: number | null,
  f1: number | null,
  referenceBugs: number | null,
  findings: number | null,
) => ({
  recall,
  precision,
  f1,
  reference_bugs: referenceBugs,
  findings,
});

describe("pct and ratioText", () => {
  it("shows fractions as percentages with one decimal", () => {
    expect(pct(0.1518)).toBe("15.2");
    expect(pct(null)).toBe(DASH);
    expect(ratioText(score(0.5, 0.25, 1 / 3, 4, 8), "precision", { sign: true })).toBe("25.0%");
  });

  it("says n/a for an empty denominator and a dash for an unpublished value, never 0", () => {
    const noFindings = score(0, null, null, 3, 0);
    expect(hasNoValue(noFindings, "precision")).toBe(true);
    expect(ratioText(noFindings, "precision")).toBe(NO_VALUE);
    expect(ratioText(noFindings, "f1")).toBe(NO_VALUE);
    expect(ratioText(noFindings, "recall")).toBe("0.0");
    expect(ratioText(score(null, null, null, 0, 2), "recall")).toBe(NO_VALUE);
    const unpublished = score(0.15, null, null, 2457, null);
    expect(ratioText(unpublished, "precision")).toBe(DASH);
    expect(ratioText(unpublished, "f1")).toBe(DASH);
  });
});

describe("formatUtc", () => {
  it("formats a Date or an ISO string in UTC at the asked precision", () => {
    const at = new Date("2026-11-30T16:20:05.123Z");
    expect(formatUtc(at)).toBe("2026-11-30");
    expect(formatUtc(at, "minute")).toBe("2026-11-30 16:20");
    expect(formatUtc(at.toISOString(), "second")).toBe("2026-11-30 16:20:05");
  });
});

describe("formatPValue", () => {
  it("prints an underflowed p as Table 22 does, never 0.0e+0", () => {
    expect(formatPValue(0)).toBe("< 1e-99");
    expect(formatPValue(1e-120)).toBe("< 1e-99");
    expect(formatPValue(3.2e-7)).toBe("3.2e-7");
    expect(formatPValue(0.357)).toBe("0.357");
    // In a sentence: a p that underflowed (Friedman's upper tail of a large chi-square) reads "p < 1e-99".
    expect(pValueText(0)).toBe("p < 1e-99");
    expect(pValueText(3.2e-7)).toBe("p = 3.2e-7");
  });
});

describe("model metadata", () => {
  it("names parameter counts as models are named, and joins what was stated", () => {
    expect([70e9, 1.5e12, 8_030_000_000, 350e6, 999].map(parameterCountText)).toEqual([
      "70B",
      "1.5T",
      "8.03B",
      "350M",
      "999",
    ]);
    expect(modelMetadataText({ organisation: "Meta", parameter_count: 70e9, model_licence: "llama3.1" })).toBe(
      "Meta · 70B parameters · llama3.1",
    );
    expect(modelMetadataText({ organisation: null, parameter_count: null, model_licence: null })).toBe("");
  });
});
