import { requireCaller } from "@/lib/server/auth/api-caller";
import { respond, withErrors } from "@/lib/server/http/respond";
import { labelPairViewSchema } from "@/lib/contracts/judge-quality";
import { getLabelPair } from "@/lib/server/judge-quality/label-pairs";

export const dynamic = "force-dynamic";

// GET /api/v1/labelling/pairs/{id} - one pair, blind: the two texts; the verdicts, signals and submission only once the
// caller's label is stored (maintainers and admins)
export const GET = withErrors(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const caller = await requireCaller(request, { access: "read", roles: ["maintainer", "admin"], tokens: "read" });
  return respond(labelPairViewSchema, await getLabelPair(caller, id));
});
