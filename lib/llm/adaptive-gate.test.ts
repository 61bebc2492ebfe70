import { describe, expect, it } from "vitest";
import { AdaptiveGate } from "./adaptive-gate";

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("AdaptiveGate", () => {
  it("lets up to its limit in, halves the limit on a refusal and grows it back by one per limit's worth of answers", async () => {
    const gate = new AdaptiveGate(8, 8);
    for (let i = 0; i < 8; i++) await gate.enter();
    let ninth = false;
    void gate.enter().then(() => (ninth = true));
    await settle();
    expect(ninth).toBe(false);
    gate.leave("rate_limited");
    expect(gate.current).toBe(4);
    await settle();
    expect(ninth).toBe(false); // 7 in flight, limit 4: nobody enters
    for (let i = 0; i < 4; i++) gate.leave("other");
    await settle();
    expect(ninth).toBe(true); // 3 left in flight, so the waiting call enters
    for (let i = 0; i < 4; i++) gate.leave("answered");
    expect(gate.current).toBe(5);
    gate.leave("rate_limited");
    gate.leave("rate_limited");
    gate.leave("rate_limited");
    expect(gate.current).toBe(1);
  });

  it("starts small and grows by one per answer until the first refusal", async () => {
    const gate = new AdaptiveGate(256);
    expect(gate.current).toBe(8);
    for (let i = 0; i < 100; i++) {
      await gate.enter();
      gate.leave("answered");
    }
    expect(gate.current).toBe(108);
    await gate.enter();
    gate.leave("rate_limited");
    expect(gate.current).toBe(54);
    await gate.enter();
    gate.leave("answered");
    expect(gate.current).toBe(54); // now one per 54 answers
  });

  it("never grows past the ceiling, which a caller may raise", async () => {
    const gate = new AdaptiveGate(2);
    for (let i = 0; i < 10; i++) {
      await gate.enter();
      gate.leave("answered");
    }
    expect(gate.current).toBe(2);
    gate.raiseCeiling(3);
    expect(gate.current).toBe(2);
    for (let i = 0; i < 4; i++) {
      await gate.enter();
      gate.leave("answered");
    }
    expect(gate.current).toBe(3);
  });
});
