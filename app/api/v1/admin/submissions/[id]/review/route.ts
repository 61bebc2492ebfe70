import { adminRoutes } from "@/lib/contracts/admin-routes";
import { reviewSubmission } from "@/lib/server/admin/review-submission";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/submissions/{id}/review - approve or reject {decision, reason} (admins; audit-logged)
// What is public just changed. Nothing to invalidate here: pages render per request from data checked against the
// stamp (every instance sees the change within a second), and the front proxy's copies expire within 30 s.
export const POST = handle(
  adminRoutes.postAdminSubmissionsIdReview,
  ({ caller, params, body }) => reviewSubmission(caller.id, params.id, body),
  { body: "The review" },
);
