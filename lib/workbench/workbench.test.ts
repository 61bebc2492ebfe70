import { describe, expect, it } from "vitest";
import { compareMatched } from "./compare-submissions";
import { findingPublicId, parseGeneratedFindingId } from "./finding-ids";
import { groupMatches } from "./group-matches";
import { canReadMatches, referenceForViewer, seesReferenceDetails } from "./reference-visibility";
import { readSignals, sortByStrength, strongestSignal } from "./signal-strength";
import { NO_SIGNALS } from "../scoring/types";

const zero = NO_SIGNALS;

describe("finding ids", () => {
  it("keeps uploaded ids and generates r<run>-<index> for the rest", () => {
    expect(findingPublicId({ externalId: "f-7", ordinal: 3 }, 1)).toBe("f-7");
    expect(findingPublicId({ externalId: null, ordinal: 3 }, 1)).toBe("r1-3");
    expect(parseGeneratedFindingId("r1-3")).toEqual({ run: 1, ordinal: 3 });
    expect(parseGeneratedFindingId("f-7")).toBeNull();
    expect(parseGeneratedFindingId("r1-3x")).toBeNull();
  });
});

describe("reference visibility", () => {
  const user = { id: "u", role: "user" as const };
  const maintainer = { id: "m", role: "maintainer" as const };
  it("shows details of a hidden version only to staff", () => {
    expect(seesReferenceDetails(null, "public")).toBe(true);
    expect(seesReferenceDetails(user, "maintainers")).toBe(false);
    expect(seesReferenceDetails(maintainer, "maintainers")).toBe(true);
  });
  it("lets everyone read an approved submission's matches unless the version hides details", () => {
    const approved = { submitterId: "owner", reviewStatus: "approved" };
    const pending = { submitterId: "owner", reviewStatus: "pending" };
    expect(canReadMatches(null, approved, "public")).toBe(true);
    expect(canReadMatches(null, approved, "maintainers")).toBe(false);
    expect(canReadMatches(user, pending, "public")).toBe(false);
    expect(canReadMatches({ id: "owner", role: "user" }, pending, "maintainers")).toBe(true);
    expect(canReadMatches(maintainer, pending, "maintainers")).toBe(true);
  });
  it("redacts texts, files and lines", () => {
    const record = {
      id: "B1",
      repo: "a/b",
      file: "x.py",
      line_start: 1,
      line_end: 2,
      title: "t",
      description: "d",
      code_snippet: "c",
      suggested_fix: null,
      severity: "high",
      category: "cat",
      trigger: null,
    };
    expect(referenceForViewer(record, true)).toBe(record);
    expect(referenceForViewer(record, false)).toEqual({
      id: "B1",
      repo: "a/b",
      severity: "high",
      category: "cat",
      trigger: null,
      hidden: true,
    });
  });
});

describe("signal strength", () => {
  it("reads the six signals against the Table 10 thresholds", () => {
    const readings = readSignals({ ...zero, lineOverlap: 0.5, identifiers: 0.05 });
    expect(readings.map((r) => r.signal)).toEqual([
      "line_overlap",
      "full_text_embedding",
      "description_embedding",
      "snippet_tokens",
      "identifiers",
      "api_calls",
    ]);
    expect(readings[0]).toMatchObject({ value: 0.5, threshold: 0.02, reached: true });
    expect(readings[4]).toMatchObject({ value: 0.05, threshold: 0.1, reached: false });
  });
  it("takes the largest share of a threshold as the strongest signal", () => {
    // identifiers 0.08 / 0.10 = 0.8 beats description 0.4 / 0.57 = 0.70
    expect(strongestSignal({ ...zero, identifiers: 0.08, descriptionEmbedding: 0.4 })).toEqual({
      signal: "identifiers",
      strength: expect.closeTo(0.8, 6),
    });
  });
  it("sorts near misses first and pairs without signals last, stably", () => {
    const sorted = sortByStrength([
      { id: "a", strength: null },
      { id: "b", strength: 0.5 },
      { id: "c", strength: 0.9 },
      { id: "d", strength: 0.5 },
    ]);
    expect(sorted.map((s) => s.id)).toEqual(["c", "b", "d", "a"]);
  });
});

describe("grouping matches", () => {
  it("lists matched reference bugs with their findings, the missed bugs and the unmatched findings per repository", () => {
    const groups = groupMatches({
      repos: ["a/x", "a/y"],
      findings: [
        { key: "f1", id: "F1", repo: "a/x" },
        { key: "f2", id: "r0-1", repo: "a/x" },
        { key: "f3", id: "F3", repo: "a/x" },
        { key: "f4", id: "F4", repo: "a/y" },
      ],
      references: [
        { key: "b1", id: "B1", repo: "a/x" },
        { key: "b2", id: "B2", repo: "a/x" },
        { key: "b3", id: "B3", repo: "a/y" },
      ],
      matches: [
        { findingKey: "f1", referenceKey: "b1", source: "judge" },
        { findingKey: "f2", referenceKey: "b1", source: "override" },
      ],
    });
    expect(groups[0]).toEqual({
      repo: "a/x",
      matched: [
        {
          reference_bug_id: "B1",
          finding_ids: ["F1", "r0-1"],
          decided_by: "maintainer",
          pairs: [
            { finding_id: "F1", decided_by: "judge" },
            { finding_id: "r0-1", decided_by: "maintainer" },
          ],
        },
      ],
      unmatched_reference_bug_ids: ["B2"],
      unmatched_finding_ids: ["F3"],
    });
    expect(groups[1]).toEqual({
      repo: "a/y",
      matched: [],
      unmatched_reference_bug_ids: ["B3"],
      unmatched_finding_ids: ["F4"],
    });
  });
});

describe("comparing two submissions", () => {
  it("splits reference bugs into both, only one, and neither", () => {
    expect(compareMatched(["B1", "B2", "B3", "B4"], new Set(["B1", "B2"]), new Set(["B2", "B3"]))).toEqual({
      both: ["B2"],
      only_a: ["B1"],
      only_b: ["B3"],
      neither: ["B4"],
    });
  });
});
