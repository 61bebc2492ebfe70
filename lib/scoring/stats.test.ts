import { describe, expect, it } from "vitest";
import betaQuantile from "@stdlib/stats-base-dists-beta-quantile";
import { intervalsOverlap } from "./interval";
import { clopperPearson } from "./stats";

const percent = (x: number) => Math.round(x * 100);

describe("beta quantile", () => {
  it("inverts the Beta CDF", () => {
    // Beta(2, 3): CDF(x) = 6x^2 - 8x^3 + 3x^4, so CDF(1/2) = 11/16; Beta(1, 1) is uniform.
    expect(betaQuantile(11 / 16, 2, 3)).toBeCloseTo(0.5, 10);
    expect(betaQuantile(0.3, 1, 1)).toBeCloseTo(0.3, 12);
  });
});

describe("clopperPearson", () => {
  it("reproduces Table 14 (validity = confirmed / decided, 95% CI in percent)", () => {
    // GPT-5.4 (medium): 94 confirmed, 5 rejected -> 95% [89, 98]
    expect(percent(94 / 99)).toBe(95);
    const gpt54 = clopperPearson(94, 99);
    expect(gpt54.map(percent)).toEqual([89, 98]);
    // GPT-5.6 Luna (medium): 85 confirmed, 10 rejected -> 89% [81, 95]
    const luna = clopperPearson(85, 95);
    expect(luna.map(percent)).toEqual([81, 95]);
    // GPT-5.6 Terra (medium): 89 confirmed, 7 rejected -> 93% [86, 97]
    const terra = clopperPearson(89, 96);
    expect(terra.map(percent)).toEqual([86, 97]);
    // GPT-5.6 Sol (medium) 92/97 -> [88, 98]; DeepSeek V4.1 Flash 93/99 -> [87, 98]
    expect([percent(clopperPearson(92, 97)[0]), percent(clopperPearson(93, 99)[0])]).toEqual([88, 87]);
  });

  it("pins the ends at 0 and 1 and has closed forms there", () => {
    // 0 of n: upper = 1 - (α/2)^(1/n); n of n: lower = (α/2)^(1/n).
    expect(clopperPearson(0, 10)).toEqual([0, expect.closeTo(1 - 0.025 ** 0.1, 10)]);
    expect(clopperPearson(10, 10)).toEqual([expect.closeTo(0.025 ** 0.1, 10), 1]);
    expect(clopperPearson(0, 0)).toEqual([0, 1]);
  });

  it("narrows with lower confidence and rejects invalid input", () => {
    const wide = clopperPearson(5, 20, 0.99);
    const narrow = clopperPearson(5, 20, 0.8);
    expect(wide[0]).toBeLessThan(narrow[0]);
    expect(wide[1]).toBeGreaterThan(narrow[1]);
    expect(() => clopperPearson(11, 10)).toThrow();
    expect(() => clopperPearson(1.5, 10)).toThrow();
    expect(() => clopperPearson(1, 10, 1)).toThrow();
  });
});

describe("intervalsOverlap", () => {
  it("is true when the closed intervals share a point", () => {
    expect(intervalsOverlap([0.1, 0.5], [0.5, 0.9])).toBe(true);
    expect(intervalsOverlap([0.1, 0.4], [0.5, 0.9])).toBe(false);
    expect(intervalsOverlap([0.6, 0.7], [0.5, 0.9])).toBe(true);
  });
});
