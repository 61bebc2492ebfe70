import { describe, expect, it } from "vitest";
import { filterOptions } from "./filter-options";

const coverages = [
  { key: "full", label: "All repositories", repositoryCount: 20, referenceBugs: 100 },
  { key: "opus", label: "Opus subset", repositoryCount: 5, referenceBugs: 30 },
];
const row = (
  coverage: string,
  model: string,
  harness: string | null = "h",
  effort: string | null = null,
  organisation: string | null = null,
) => ({
  coverage,
  model,
  organisation,
  harness,
  reasoning_effort: effort,
});

describe("filterOptions", () => {
  it("offers a value seen only under another choice apart, named with that choice", () => {
    const options = filterOptions(
      { model: ["A", "B", "C"], organisation: [], harness: ["h"], effort: [] },
      [row("full", "A", "h", null, "Acme"), row("opus", "A"), row("opus", "B", "sub", "high", "Beta Labs")],
      "full",
      coverages,
    );
    // C is known to the server but in no loaded row: it stays under the current choice.
    expect(options.model).toEqual(["A", "C"]);
    expect(options.elsewhere.model).toEqual([{ value: "B", coverage: "opus", coverageLabel: "Opus subset" }]);
    expect(options.harness).toEqual(["h"]);
    expect(options.elsewhere.harness).toEqual([{ value: "sub", coverage: "opus", coverageLabel: "Opus subset" }]);
    expect(options.organisation).toEqual(["Acme"]);
    expect(options.elsewhere.organisation).toEqual([
      { value: "Beta Labs", coverage: "opus", coverageLabel: "Opus subset" },
    ]);
    expect(options.elsewhere.effort).toEqual([{ value: "high", coverage: "opus", coverageLabel: "Opus subset" }]);
  });

  it("has nothing apart when every value is under the current choice", () => {
    const options = filterOptions(
      { model: [], organisation: [], harness: [], effort: [] },
      [row("opus", "B")],
      "opus",
      coverages,
    );
    expect(options.model).toEqual(["B"]);
    expect(options.elsewhere.model).toEqual([]);
  });
});
