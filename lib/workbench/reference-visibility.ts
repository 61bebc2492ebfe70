// Hidden reference details (docs/workbench.md): a benchmark version imported with `reference_visibility: "maintainers"` shows
// reference bug texts, files and lines only to maintainers and admins, so a held-out set cannot leak into training
// data through the board. Everyone else sees aggregates, reference bug ids and the labels the filters use (severity,
// category, trigger).

import { isStaff, type Viewer } from "../auth/viewer";

export type ReferenceVisibility = "public" | "maintainers";

/** Whether the viewer may read reference bug texts, files and lines of a benchmark version. */
export function seesReferenceDetails(viewer: Viewer, visibility: ReferenceVisibility): boolean {
  return visibility === "public" || isStaff(viewer);
}

/**
 * Whether the viewer may read a submission's matches and pairs: its submitter and staff always; everyone else once it
 * is approved, unless the version hides reference details (which pairs matched would reveal where the bugs are).
 */
export function canReadMatches(
  viewer: Viewer,
  submission: { submitterId: string | null; reviewStatus: string },
  visibility: ReferenceVisibility,
): boolean {
  if (isStaff(viewer)) return true;
  if (viewer && submission.submitterId === viewer.id) return true;
  return submission.reviewStatus === "approved" && visibility === "public";
}

/** Where a finding or reference bug sits, as the workbench shows it (snake_case, as the API publishes it). */
export type ReportLocation = { id: string; repo: string; file: string; line_start: number; line_end: number };

/** A finding or reference bug in full, as the workbench shows it. */
export type ReferenceRecord = ReportLocation & {
  title: string;
  description: string;
  code_snippet: string;
  suggested_fix: string | null;
  severity: string | null;
  category: string | null;
  trigger: string | null;
};

export type HiddenReferenceRecord = Pick<ReferenceRecord, "id" | "repo" | "severity" | "category" | "trigger"> & {
  hidden: true;
};

/** The record a viewer may see: in full, or only its id, repository and labels. */
export function referenceForViewer(record: ReferenceRecord, visible: boolean): ReferenceRecord | HiddenReferenceRecord {
  if (visible) return record;
  return {
    id: record.id,
    repo: record.repo,
    severity: record.severity,
    category: record.category,
    trigger: record.trigger,
    hidden: true,
  };
}
