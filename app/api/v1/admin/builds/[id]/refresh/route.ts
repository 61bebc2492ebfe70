import "server-only";
import { requireCaller } from "@/lib/server/auth/api-caller";
import { parseOrThrow } from "@/lib/errors";
import { readBodyText } from "@/lib/server/http/read-body";
import { respond, withErrors } from "@/lib/server/http/respond";
import { parseJsonText } from "@/lib/validation/parse-json";
import { buildViewSchema, refreshBuildBodySchema } from "@/lib/contracts/benchmark-builds";
import { refreshBuild } from "@/lib/server/benchmark-builds/create-build";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/builds/{id}/refresh - a build of the same repositories with a later T0 and T1 (admins; audit-logged)
export const POST = withErrors(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const caller = await requireCaller(request, { access: "write", roles: ["admin"], tokens: "admin" });
  const body = parseJsonText(await readBodyText(request, 16 * 1024), "The request body");
  const input = parseOrThrow(refreshBuildBodySchema, body, "The refresh");
  return respond(buildViewSchema, await refreshBuild(caller, id, input), 201);
});
