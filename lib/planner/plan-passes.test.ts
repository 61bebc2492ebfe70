import { describe, expect, it } from "vitest";
import type { FileFacts } from "./extract-facts";
import { PLANNER_PARAMETERS, planPasses } from "./plan-passes";

// Hand-built file facts: the planner core without tree-sitter.
function file(path: string, over: Partial<FileFacts> = {}): FileFacts {
  return {
    path,
    language: path.endsWith(".py") ? "python" : "typescript",
    lines: 100,
    tokens: 1_000,
    definitions: [],
    calls: [],
    imports: [],
    ...over,
  };
}

describe("planPasses", () => {
  it("gives individual passes to files above the threshold, at most 15% of the audited files", () => {
    // 20 files, all far above the threshold: the cap is floor(20 * 0.15) = 3, the highest scores win.
    const files = Array.from({ length: 20 }, (_, i) =>
      file(`pkg/m${String(i).padStart(2, "0")}.py`, { lines: 2_000 + i * 10 }),
    );
    const plan = planPasses({ audited: files, excluded: [] });
    const individual = plan.passes.filter((p) => p.kind === "individual");
    expect(individual.map((p) => p.files[0])).toEqual(["pkg/m17.py", "pkg/m18.py", "pkg/m19.py"]);
    expect(plan.passes.filter((p) => p.kind === "batch").flatMap((p) => p.files)).toHaveLength(17);
  });

  it("weighs a cross-file call partner as 60 lines", () => {
    // hub.py has 100 lines and 16 partners: 100 + 60 * 16 = 1,060 > 1,000; the callers have 1 partner each.
    const callers = Array.from({ length: 16 }, (_, i) =>
      file(`app/c${String(i).padStart(2, "0")}.py`, {
        calls: [{ name: "hub_fn", line: 3 }],
        imports: [{ local: "hub_fn", imported: "hub_fn", module: "lib.hub" }],
      }),
    );
    const hub = file("lib/hub.py", { definitions: [{ name: "hub_fn", line: 1 }] });
    const plan = planPasses({ audited: [...callers, hub], excluded: [] });
    expect(plan.passes.filter((p) => p.kind === "individual").map((p) => p.files)).toEqual([["lib/hub.py"]]);
  });

  it("batches the rest by directory and splits a batch over the 60k-token budget", () => {
    const files = [
      file("a/one.py", { tokens: 30_000 }),
      file("a/two.py", { tokens: 25_000 }),
      file("a/three.py", { tokens: 10_000 }),
      file("a/zbig.py", { tokens: 70_000, lines: 900 }),
      file("b/x.py", { tokens: 500 }),
      file("top.py", { tokens: 10 }),
    ];
    const plan = planPasses({ audited: files, excluded: [] });
    expect(plan.passes.map((p) => [p.kind, p.files, p.tokens])).toEqual([
      ["batch", ["top.py"], 10],
      ["batch", ["a/one.py", "a/three.py"], 40_000],
      ["batch", ["a/two.py"], 25_000],
      ["batch", ["a/zbig.py"], 70_000],
      ["batch", ["b/x.py"], 500],
    ]);
    for (const p of plan.passes)
      expect(p.tokens <= PLANNER_PARAMETERS.batchTokenBudget || p.files.length === 1).toBe(true);
  });

  it("lists up to 40 callers and callees for individual passes and 25 for batches, omitting calls within a batch", () => {
    const big = file("core/big.py", {
      lines: 5_000,
      definitions: [{ name: "target", line: 10 }],
      calls: Array.from({ length: 45 }, (_, i) => ({ name: `util${i}`, line: 100 + i })),
    });
    const utils = Array.from({ length: 45 }, (_, i) =>
      file(`util/u${String(i).padStart(2, "0")}.py`, { definitions: [{ name: `util${i}`, line: 1 }] }),
    );
    const callers = Array.from({ length: 50 }, (_, i) =>
      file(`app/a${String(i).padStart(2, "0")}.py`, {
        calls: [{ name: "target", line: 7 }, ...(i < 5 ? [{ name: "sibling", line: 8 }] : [])],
      }),
    );
    const sibling = file("app/zz_sibling.py", { definitions: [{ name: "sibling", line: 2 }] });
    const plan = planPasses({ audited: [big, ...utils, ...callers, sibling], excluded: [] });

    const individual = plan.passes.find((p) => p.kind === "individual")!;
    expect(individual.files).toEqual(["core/big.py"]);
    expect(individual.callers).toHaveLength(40);
    expect(individual.callers_total).toBe(50);
    expect(individual.callees).toHaveLength(40);
    expect(individual.callees_total).toBe(45);
    expect(individual.callees[0]).toEqual({ file: "util/u00.py", line: 1, name: "util0" });

    const app = plan.passes.find((p) => p.files.includes("app/zz_sibling.py"))!;
    expect(app.kind).toBe("batch");
    // The calls to sibling stay inside the batch; only the calls to core/big.py leave it.
    expect(app.callees).toEqual([{ file: "core/big.py", line: 10, name: "target" }]);
    expect(app.callers).toEqual([]);
    const utilBatch = plan.passes.find((p) => p.files.includes("util/u00.py"))!;
    expect(utilBatch.callers).toHaveLength(25);
    expect(utilBatch.callers_total).toBe(45);
  });

  it("gives the same plan whatever the input order", () => {
    const files = Array.from({ length: 30 }, (_, i) =>
      file(`d${i % 4}/f${i}.ts`, {
        lines: 50 * i,
        definitions: [{ name: `f${i}`, line: 1 }],
        calls: [{ name: `f${(i * 7) % 30}`, line: 2 }],
      }),
    );
    const forward = JSON.stringify(
      planPasses({
        audited: files,
        excluded: [
          { file: "b.test.ts", reason: "test file" },
          { file: "a.test.ts", reason: "test file" },
        ],
      }),
    );
    const backward = JSON.stringify(
      planPasses({
        audited: [...files].reverse(),
        excluded: [
          { file: "a.test.ts", reason: "test file" },
          { file: "b.test.ts", reason: "test file" },
        ],
      }),
    );
    expect(backward).toBe(forward);
  });
});
