import { requireCaller } from "@/lib/server/auth/api-caller";
import { parseOrThrow } from "@/lib/errors";
import { respond, withErrors } from "@/lib/server/http/respond";
import { labelPairListSchema, labelPairsQuerySchema } from "@/lib/contracts/judge-quality";
import { listLabelPairs } from "@/lib/server/judge-quality/label-pairs";

export const dynamic = "force-dynamic";

// GET /api/v1/labelling/pairs?benchmark=slug@version[&kind=reference|duplicate] - the pairs drawn for labelling with the
// caller's own label; no verdict, stratum or submission (maintainers and admins)
export const GET = withErrors(async (request: Request) => {
  const caller = await requireCaller(request, { access: "read", roles: ["maintainer", "admin"], tokens: "read" });
  const query = parseOrThrow(labelPairsQuerySchema, Object.fromEntries(new URL(request.url).searchParams), "The query");
  return respond(labelPairListSchema, await listLabelPairs(caller, query));
});
