import { requireCaller } from "@/lib/server/auth/api-caller";
import { respond, withErrors } from "@/lib/server/http/respond";
import { listReviewQueue } from "@/lib/server/admin/list-review-queue";
import { reviewQueueQuerySchema, reviewQueueSchema } from "@/lib/contracts/admin";
import { parseOrThrow } from "@/lib/errors";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/submissions?review_status=pending&page=&per_page= - the review queue (admins), paginated
export const GET = withErrors(async (request: Request) => {
  await requireCaller(request, { access: "read", roles: ["admin"], tokens: "admin" });
  const query = parseOrThrow(
    reviewQueueQuerySchema,
    Object.fromEntries(new URL(request.url).searchParams),
    "The query",
  );
  return respond(reviewQueueSchema, await listReviewQueue(query));
});
