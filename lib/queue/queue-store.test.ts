import { describe, expect, it } from "vitest";
import { judgeQueueStore } from "./queue-store";

describe("judgeQueueStore", () => {
  it("accepts noeviction with AOF", () => {
    expect(judgeQueueStore({ policy: "noeviction", appendonly: "yes", save: "" })).toEqual({
      refusal: null,
      warnings: [],
    });
  });
  it("refuses an evicting Redis, naming its policy", () => {
    const report = judgeQueueStore({ policy: "allkeys-lru", appendonly: "yes", save: "" });
    expect(report.refusal).toMatch(/maxmemory-policy is allkeys-lru: BullMQ needs noeviction/);
  });
  it("warns when the policy cannot be read or nothing persists", () => {
    const report = judgeQueueStore({ policy: null, appendonly: "no", save: "" });
    expect(report.refusal).toBeNull();
    expect(report.warnings).toHaveLength(2);
    expect(judgeQueueStore({ policy: "noeviction", appendonly: "no", save: "3600 1" }).warnings).toEqual([]);
  });
});
