import { describe, expect, it } from "vitest";
import { compactUsd, logTicks } from "./log-ticks";

describe("log cost axis", () => {
  it("spans whole decades around the data with a tick per decade", () => {
    expect(logTicks([1, 15, 131, 1185])).toEqual({ domain: [1, 10_000], ticks: [1, 10, 100, 1_000, 10_000] });
  });

  it("adds 3x steps when the data spans under two decades", () => {
    expect(logTicks([12.5, 40])).toEqual({ domain: [10, 100], ticks: [10, 30, 100] });
    expect(logTicks([0.5, 0.9])).toEqual({ domain: [0.1, 1], ticks: [0.1, 0.3, 1] });
    expect(logTicks([0.5, 8]).ticks).toEqual([0.1, 1, 10]);
  });

  it("gives a usable axis with no data or a single value", () => {
    expect(logTicks([])).toEqual({ domain: [1, 10], ticks: [1, 10] });
    expect(logTicks([100]).domain).toEqual([100, 1_000]);
  });

  it("formats ticks compactly", () => {
    expect([0.1, 1, 30, 100, 1_000, 12_500].map(compactUsd)).toEqual(["$0.1", "$1", "$30", "$100", "$1k", "$12.5k"]);
  });
});
