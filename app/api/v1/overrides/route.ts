import { requireCaller } from "@/lib/server/auth/api-caller";
import { readBodyText } from "@/lib/server/http/read-body";
import { respond, withErrors } from "@/lib/server/http/respond";
import { createOverride } from "@/lib/server/workbench/overrides";
import { listOverrides } from "@/lib/server/workbench/list-overrides";
import { parseJsonText } from "@/lib/validation/parse-json";
import { overrideListSchema, overrideResultSchema } from "@/lib/contracts/overrides";
import { createOverrideBodySchema, listOverridesQuerySchema } from "@/lib/contracts/overrides";
import { parseOrThrow } from "@/lib/errors";

export const dynamic = "force-dynamic";

// POST /api/v1/overrides - a maintainer decides a finding/reference pair {submission_id, finding_id, reference_bug_id,
// decision, reason}; audit-logged, and every submission holding that finding text is rescored (maintainers and admins;
// tokens need the `admin` scope, which only staff can hold)
export const POST = withErrors(async (request: Request) => {
  const caller = await requireCaller(request, { access: "write", roles: ["maintainer", "admin"], tokens: "admin" });
  const body = parseJsonText(await readBodyText(request, 16 * 1024), "The request body");
  return respond(
    overrideResultSchema,
    await createOverride(caller, parseOrThrow(createOverrideBodySchema, body, "The override")),
    201,
  );
});

// GET /api/v1/overrides?page=&per_page=&decision=match|no_match - every override, newest first, with who decided, why,
// what the judge had said, how many submissions hold the pair and one place it occurs (maintainers and admins)
export const GET = withErrors(async (request: Request) => {
  await requireCaller(request, { access: "read", roles: ["maintainer", "admin"], tokens: "read" });
  return respond(
    overrideListSchema,
    await listOverrides(
      parseOrThrow(listOverridesQuerySchema, Object.fromEntries(new URL(request.url).searchParams), "The query"),
    ),
  );
});
