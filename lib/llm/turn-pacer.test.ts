import { describe, expect, it } from "vitest";
import { createTurnPacer } from "./turn-pacer";

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("createTurnPacer", () => {
  it("lets at most perTurn callers through a turn, the rest in order in later turns", async () => {
    const pace = createTurnPacer(3);
    const started: number[] = [];
    const all = Array.from({ length: 8 }, (_, i) => pace().then(() => started.push(i)));
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    await nextTurn();
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    await nextTurn();
    await Promise.all(all);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it("starts a new quota every turn and lets callers straight through below it", async () => {
    const pace = createTurnPacer(2);
    await pace();
    await pace();
    await nextTurn();
    let passed = false;
    const third = pace().then(() => (passed = true));
    await Promise.resolve();
    expect(passed).toBe(true);
    await third;
  });
});
