import { describe, expect, it } from "vitest";
import { compactUsd, linearTicks, logTicks } from "./axis-ticks";

describe("log cost axis", () => {
  it("spans whole decades around the data with a tick per decade", () => {
    expect(logTicks([2, 15, 131, 1185])).toEqual({ domain: [1, 10_000], ticks: [1, 10, 100, 1_000, 10_000] });
  });

  it("leaves room for a point on or near a decade, so it is not drawn on the axis", () => {
    const { domain, ticks } = logTicks([1, 15, 131, 1185]);
    expect(domain[0]).toBeCloseTo(1 / 1.4, 6);
    expect(domain[1]).toBe(10_000);
    expect(ticks[0]).toBe(1);
    expect(logTicks([80, 100]).domain).toEqual([10, 140]);
  });

  it("adds 3x steps when the data spans under two decades", () => {
    expect(logTicks([15, 40]).ticks).toEqual([10, 30, 100]);
    expect(logTicks([0.5, 0.6])).toEqual({ domain: [0.1, 1], ticks: [0.1, 0.3, 1] });
    expect(logTicks([0.5, 8]).ticks).toEqual([0.1, 1, 10]);
  });

  it("gives a usable axis with no data or a single value", () => {
    expect(logTicks([])).toEqual({ domain: [1, 10], ticks: [1, 10] });
    expect(logTicks([200]).domain).toEqual([100, 1_000]);
  });

  it("formats ticks compactly", () => {
    expect([0.1, 1, 30, 100, 1_000, 12_500].map(compactUsd)).toEqual(["$0.1", "$1", "$30", "$100", "$1k", "$12.5k"]);
  });
});

describe("percentage axis", () => {
  it("runs from zero to a round maximum in steps of 1, 2 or 5 times a power of ten", () => {
    expect(linearTicks([3.2, 17.3, 20.8])).toEqual({ domain: [0, 25], ticks: [0, 5, 10, 15, 20, 25] });
    expect(linearTicks([32.3, 8.1])).toEqual({ domain: [0, 40], ticks: [0, 10, 20, 30, 40] });
    expect(linearTicks([0.4])).toEqual({ domain: [0, 0.4], ticks: [0, 0.1, 0.2, 0.3, 0.4] });
  });

  it("gives a usable axis with no data", () => {
    expect(linearTicks([])).toEqual({ domain: [0, 1], ticks: [0, 1] });
    expect(linearTicks([Number.NaN, 0])).toEqual({ domain: [0, 1], ticks: [0, 1] });
  });
});
