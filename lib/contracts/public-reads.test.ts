import { describe, expect, it } from "vitest";
import { repositoryDetailSchema } from "./public-reads";

// Repeated runs average their counts and reported rows derive them from published percentages, so a repository's
// cells carry counts that are not whole (4.67 findings over 3 runs; 32.77 matched reference bugs reported).
describe("repository cells", () => {
  const configuration = {
    id: "c1",
    label: "m",
    model: "m",
    reasoning_effort: null,
    harness: null,
    source: "verified",
    coverage: "full",
    f1: 0.4,
  };
  const repository = {
    name: "fonttools/fonttools",
    language: "python",
    domain: null,
    snapshot_commit: null,
    reference_bugs: 84,
    mean_recall: 0.39,
    mean_precision: 0.2,
    configurations_with_cells: 2,
  };
  const cell = (counts: Record<string, number | null>) => ({
    recall: 0.39,
    precision: 0.2,
    recall_ci: null,
    precision_ci: null,
    ...counts,
    configuration,
  });

  it("accept fractional means and reported counts", () => {
    const body = {
      benchmark: {
        id: "b",
        slug: "probe",
        version: "2026.1",
        name: "PROBE",
        key: "probe@2026.1",
        snapshotDate: "2025-01-01",
      },
      repository,
      rows: [
        cell({ matched_reference_bugs: 32.77, reference_bugs: 84, matched_findings: null, findings: null }),
        cell({ matched_reference_bugs: 1.33, reference_bugs: 9, matched_findings: 1.67, findings: 4.666666666666667 }),
      ],
    };
    expect(repositoryDetailSchema.safeParse(body).error?.issues ?? []).toEqual([]);
  });
});
