import { describe, expect, it } from "vitest";
import { DISABLE_AFTER_FAILING_MS, endpointInFlightLimit, disableCutoff, slotLeaseMs, slotWaitMs } from "./fair-share";

describe("webhook fair share", () => {
  it("gives a failing endpoint one slot instead of two", () => {
    expect(endpointInFlightLimit({ consecutiveFailures: 0 })).toBe(2);
    expect(endpointInFlightLimit({ consecutiveFailures: 1 })).toBe(1);
    expect(endpointInFlightLimit({ consecutiveFailures: 40 })).toBe(1);
  });

  it("waits about half a second for a healthy endpoint's slot and half to one timeout for a failing one's", () => {
    expect(slotWaitMs({ consecutiveFailures: 0 }, 10_000, () => 0)).toBe(250);
    expect(slotWaitMs({ consecutiveFailures: 0 }, 10_000, () => 1)).toBe(750);
    expect(slotWaitMs({ consecutiveFailures: 3 }, 10_000, () => 0)).toBe(5_000);
    expect(slotWaitMs({ consecutiveFailures: 3 }, 10_000, () => 1)).toBe(10_000);
    expect(slotLeaseMs(10_000)).toBe(40_000);
  });

  it("disables an endpoint once it has failed for a whole day, not before", () => {
    expect(DISABLE_AFTER_FAILING_MS).toBe(86_400_000);
    expect(disableCutoff(new Date("2026-12-02T12:00:00Z"))).toEqual(new Date("2026-12-01T12:00:00Z"));
  });
});
