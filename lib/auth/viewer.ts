// Who is reading: a signed-in user with their role, or nobody. Pure, so pages, API handlers and the workbench share
// one definition of who may see what.

export type Viewer = { id: string; role: "user" | "maintainer" | "admin" } | null;

export function isStaff(viewer: Viewer): boolean {
  return viewer?.role === "maintainer" || viewer?.role === "admin";
}

/** Whether a viewer may see a submission: approved ones are public; others only to their submitter and staff. */
export function canViewSubmission(
  viewer: Viewer,
  submission: { submitterId: string | null; reviewStatus: string },
): boolean {
  if (submission.reviewStatus === "approved") return true;
  if (!viewer) return false;
  return isStaff(viewer) || viewer.id === submission.submitterId;
}
