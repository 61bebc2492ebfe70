import { requireCaller } from "@/lib/server/auth/api-caller";
import { parseOrThrow } from "@/lib/errors";
import { respond, withErrors } from "@/lib/server/http/respond";
import { gradingPanelListSchema, gradingPanelsQuerySchema } from "@/lib/contracts/judge-quality";
import { listGradingPanels } from "@/lib/server/judge-quality/panel-grading";

export const dynamic = "force-dynamic";

// GET /api/v1/grading/panels?benchmark=slug@version - the version's finished panels under opaque ids, with how many
// findings the caller graded (maintainers and admins)
export const GET = withErrors(async (request: Request) => {
  const caller = await requireCaller(request, { access: "read", roles: ["maintainer", "admin"], tokens: "read" });
  const query = parseOrThrow(
    gradingPanelsQuerySchema,
    Object.fromEntries(new URL(request.url).searchParams),
    "The query",
  );
  return respond(gradingPanelListSchema, await listGradingPanels(caller, query));
});
