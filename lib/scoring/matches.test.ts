import { describe, expect, it } from "vitest";
import { deriveMatches, matchKey, resolveMatch } from "./matches";

describe("resolveMatch", () => {
  it("lets an override win over the judge either way", () => {
    expect(resolveMatch(false, true)).toEqual({ match: false, source: "override" });
    expect(resolveMatch(true, false)).toEqual({ match: true, source: "override" });
    expect(resolveMatch(undefined, true)).toEqual({ match: true, source: "judge" });
    expect(resolveMatch(undefined, undefined)).toEqual({ match: false, source: "judge" });
  });
});

describe("deriveMatches", () => {
  const findings = [
    { id: "f1", repo: "a/x", hash: "F1" },
    { id: "f2", repo: "a/x", hash: "F2" },
    { id: "f3", repo: "b/y", hash: "F1" },
  ];
  const references = [
    { id: "r1", repo: "a/x", hash: "R1" },
    { id: "r2", repo: "a/x", hash: "R2" },
  ];
  const verdicts = new Map([
    [matchKey("F1", "R1"), true],
    [matchKey("F2", "R1"), true],
  ]);

  it("takes the judge's matches, applies overrides, and adds override-only pairs in the same repository", () => {
    const matches = deriveMatches({
      pairs: [
        { findingId: "f1", referenceId: "r1", findingHash: "F1", referenceHash: "R1" },
        { findingId: "f2", referenceId: "r1", findingHash: "F2", referenceHash: "R1" },
      ],
      verdictOf: (key) => verdicts.get(key),
      overrides: [
        { findingHash: "F2", referenceHash: "R1", match: false },
        { findingHash: "F1", referenceHash: "R2", match: true },
      ],
      findings,
      references,
    });
    expect(matches).toEqual([
      { findingId: "f1", referenceId: "r1", source: "judge" },
      // f3 has f1's text but another repository: the override does not cross repositories.
      { findingId: "f1", referenceId: "r2", source: "override" },
    ]);
  });
});
