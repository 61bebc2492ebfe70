import { describe, expect, it } from "vitest";
import { clopperPearson, intervalsOverlap, inverseRegularizedIncompleteBeta, logGamma, regularizedIncompleteBeta } from "./stats";

const percent = (x: number) => Math.round(x * 100);

describe("special functions", () => {
  it("logGamma matches factorials and Γ(1/2) = √π", () => {
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 12);
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 12);
    expect(logGamma(101)).toBeCloseTo(363.73937555556347, 9); // ln(100!)
  });

  it("regularizedIncompleteBeta is the Beta CDF and its inverse round-trips", () => {
    // Beta(2, 3): CDF(x) = 6x^2 - 8x^3 + 3x^4, so CDF(1/2) = 11/16.
    expect(regularizedIncompleteBeta(0.5, 2, 3)).toBeCloseTo(11 / 16, 12);
    expect(regularizedIncompleteBeta(0.3, 1, 1)).toBeCloseTo(0.3, 12);
    expect(inverseRegularizedIncompleteBeta(11 / 16, 2, 3)).toBeCloseTo(0.5, 10);
  });
});

describe("clopperPearson", () => {
  it("reproduces Table 14 (validity = confirmed / decided, 95% CI in percent)", () => {
    // GPT-5.4 (medium): 94 confirmed, 5 rejected -> 95% [89, 98]
    expect(percent(94 / 99)).toBe(95);
    const gpt54 = clopperPearson(94, 99);
    expect([percent(gpt54.lower), percent(gpt54.upper)]).toEqual([89, 98]);
    // GPT-5.6 Luna (medium): 85 confirmed, 10 rejected -> 89% [81, 95]
    const luna = clopperPearson(85, 95);
    expect([percent(luna.lower), percent(luna.upper)]).toEqual([81, 95]);
    // GPT-5.6 Terra (medium): 89 confirmed, 7 rejected -> 93% [86, 97]
    const terra = clopperPearson(89, 96);
    expect([percent(terra.lower), percent(terra.upper)]).toEqual([86, 97]);
    // GPT-5.6 Sol (medium) 92/97 -> [88, 98]; DeepSeek V4.1 Flash 93/99 -> [87, 98]
    expect([percent(clopperPearson(92, 97).lower), percent(clopperPearson(93, 99).lower)]).toEqual([88, 87]);
  });

  it("pins the ends at 0 and 1 and has closed forms there", () => {
    // 0 of n: upper = 1 - (α/2)^(1/n); n of n: lower = (α/2)^(1/n).
    expect(clopperPearson(0, 10)).toEqual({ lower: 0, upper: expect.closeTo(1 - 0.025 ** 0.1, 10) });
    expect(clopperPearson(10, 10)).toEqual({ lower: expect.closeTo(0.025 ** 0.1, 10), upper: 1 });
    expect(clopperPearson(0, 0)).toEqual({ lower: 0, upper: 1 });
  });

  it("narrows with lower confidence and rejects invalid input", () => {
    const wide = clopperPearson(5, 20, 0.99);
    const narrow = clopperPearson(5, 20, 0.8);
    expect(wide.lower).toBeLessThan(narrow.lower);
    expect(wide.upper).toBeGreaterThan(narrow.upper);
    expect(() => clopperPearson(11, 10)).toThrow();
    expect(() => clopperPearson(1.5, 10)).toThrow();
    expect(() => clopperPearson(1, 10, 1)).toThrow();
  });
});

describe("intervalsOverlap", () => {
  it("is true when the closed intervals share a point", () => {
    expect(intervalsOverlap({ lower: 0.1, upper: 0.5 }, { lower: 0.5, upper: 0.9 })).toBe(true);
    expect(intervalsOverlap({ lower: 0.1, upper: 0.4 }, { lower: 0.5, upper: 0.9 })).toBe(false);
    expect(intervalsOverlap({ lower: 0.6, upper: 0.7 }, { lower: 0.5, upper: 0.9 })).toBe(true);
  });
});
