import { adminRoutes } from "@/lib/contracts/admin-routes";
import { listReviewQueue } from "@/lib/server/admin/list-review-queue";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/submissions?review_status=pending&page=&per_page= - the review queue (admins), paginated
export const GET = handle(adminRoutes.getAdminSubmissions, ({ query }) => listReviewQueue(query));
