import { describe, expect, it } from "vitest";
import { nextStage, pipelineBlock, table1Rows } from "./stages";

// Table 1 of the paper: 13,254 commits, 4,296 bug fixes (-67.6%), 4,763 candidates (+10.9%), 3,345 anchored (-29.8%),
// 2,501 present (-25.2%), 2,457 after deduplication (-1.8%).
const PAPER = [
  { stage: "commits", count: 13_254 },
  { stage: "classify", count: 4_296 },
  { stage: "extract", count: 4_763 },
  { stage: "anchor", count: 3_345 },
  { stage: "presence", count: 2_501 },
  { stage: "synthesize", count: 2_501 },
  { stage: "dedup", count: 2_457 },
  { stage: "audit", count: 209 },
] as const;

describe("Table 1 from a build's stages", () => {
  it("gives each counted stage its change against the preceding counted one, as the paper's table", () => {
    const rows = table1Rows(PAPER);
    const change = Object.fromEntries(
      rows.map((r) => [r.stage, r.change === null ? null : Math.round(r.change * 1000) / 10]),
    );
    expect(change).toEqual({
      commits: null,
      classify: -67.6,
      extract: 10.9,
      anchor: -29.8,
      presence: -25.2,
      synthesize: null,
      dedup: -1.8,
      audit: null,
    });
  });

  it("leaves stages not yet run without a count, and the pipeline block empty until all are counted", () => {
    const rows = table1Rows([{ stage: "commits", count: 10 }]);
    expect(rows.map((r) => r.count)).toEqual([10, null, null, null, null, null, null, null]);
    expect(pipelineBlock([{ stage: "commits", count: 10 }])).toBeNull();
    expect(pipelineBlock(PAPER)).toEqual({
      commits: 13_254,
      bug_fix_commits: 4_296,
      candidate_bugs: 4_763,
      anchored_candidates: 3_345,
      present_candidates: 2_501,
      deduplicated_bugs: 2_457,
    });
  });

  it("runs the stages in the paper's order", () => {
    expect(nextStage("commits")).toBe("classify");
    expect(nextStage("dedup")).toBe("audit");
    expect(nextStage("audit")).toBeNull();
  });
});
