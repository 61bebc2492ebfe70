import { requireCaller } from "@/lib/auth/api-caller";
import { json, withErrors } from "@/lib/server/http/respond";
import { listReviewQueue } from "@/lib/server/admin/list-review-queue";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/submissions?review_status=pending - the review queue (admins)
export const GET = withErrors(async (request: Request) => {
  await requireCaller(request, { access: "read", roles: ["admin"] });
  return json({ submissions: await listReviewQueue(Object.fromEntries(new URL(request.url).searchParams)) });
});
