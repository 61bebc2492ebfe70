import { overridesRoutes } from "@/lib/contracts/overrides-routes";
import { createOverride } from "@/lib/server/workbench/overrides";
import { listOverrides } from "@/lib/server/workbench/list-overrides";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// POST /api/v1/overrides - a maintainer decides a finding/reference pair {submission_id, finding_id, reference_bug_id,
// decision, reason}; audit-logged, and every submission holding that finding text is rescored (maintainers and admins;
// tokens need the `admin` scope, which only staff can hold)
export const POST = handle(overridesRoutes.postOverrides, ({ caller, body }) => createOverride(caller, body), {
  body: "The override",
});

// GET /api/v1/overrides?page=&per_page=&decision=match|no_match - every override, newest first, with who decided, why,
// what the judge had said, how many submissions hold the pair and one place it occurs (maintainers and admins)
export const GET = handle(overridesRoutes.getOverrides, ({ query }) => listOverrides(query));
