import { requireCaller } from "@/lib/server/auth/api-caller";
import { respond, withErrors } from "@/lib/server/http/respond";
import { listPanelReviews } from "@/lib/server/panel/read-panel";
import { panelReviewsQuerySchema, panelReviewsSchema } from "@/lib/contracts/panel";
import { parseOrThrow } from "@/lib/errors";

export const dynamic = "force-dynamic";

// GET /api/v1/submissions/{id}/panel?page=&per_page=&verdict= - each sampled finding's verdicts and rationales (maintainers, admins)
export const GET = withErrors(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const caller = await requireCaller(request, { access: "read", roles: ["maintainer", "admin"], tokens: "read" });
  const query = parseOrThrow(
    panelReviewsQuerySchema,
    Object.fromEntries(new URL(request.url).searchParams),
    "The query",
  );
  return respond(panelReviewsSchema, await listPanelReviews(id, { id: caller.id, role: caller.role }, query));
});
