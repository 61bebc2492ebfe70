import { describe, expect, it } from "vitest";
import { fixCommitListSchema } from "./benchmark-file";

const commit = (n: number, date: string) => ({ sha: n.toString(16).padStart(40, "0"), date });

describe("a repository's fix commits", () => {
  it("takes a list oldest first, equal dates included", () => {
    const list = [
      commit(1, "2025-01-02T00:00:00Z"),
      commit(2, "2025-01-02T00:00:00Z"),
      commit(3, "2025-02-01T00:00:00Z"),
    ];
    expect(fixCommitListSchema.safeParse(list).success).toBe(true);
  });

  it("refuses an order the dates contradict, naming the commit, once", () => {
    const list = [
      commit(1, "2025-03-01T00:00:00Z"),
      commit(2, "2025-01-01T00:00:00+02:00"),
      commit(3, "2024-01-01T00:00:00Z"),
    ];
    const result = fixCommitListSchema.safeParse(list);
    expect(result.success).toBe(false);
    expect(result.error!.issues).toHaveLength(1);
    expect(result.error!.issues[0]!.path).toEqual([1, "date"]);
    expect(result.error!.issues[0]!.message).toMatch(
      /oldest first: 0+2 \(2025-01-01T00:00:00\+02:00\) is dated before/,
    );
  });
});
