import "server-only";
import { requireCaller } from "@/lib/server/auth/api-caller";
import { respond, withErrors } from "@/lib/server/http/respond";
import { buildViewSchema } from "@/lib/contracts/benchmark-builds";
import { getBuild } from "@/lib/server/benchmark-builds/build-view";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/builds/{id} - a build: Table 1 so far and every candidate's trail (admins)
export const GET = withErrors(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  await requireCaller(request, { access: "read", roles: ["admin"], tokens: "admin" });
  return respond(buildViewSchema, await getBuild(id));
});
