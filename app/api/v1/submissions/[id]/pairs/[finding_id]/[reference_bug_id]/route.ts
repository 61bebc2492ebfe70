import { identifyCaller } from "@/lib/server/auth/api-caller";
import { parseOrThrow } from "@/lib/errors";
import { respond, withErrors } from "@/lib/server/http/respond";
import { getPair } from "@/lib/server/workbench/get-pair";
import { pairViewSchema, pairQuerySchema } from "@/lib/contracts/workbench";
import { pathSegment } from "@/lib/workbench/path-segment";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ id: string; finding_id: string; reference_bug_id: string }> };

// GET /api/v1/submissions/{id}/pairs/{finding_id}/{reference_bug_id}[?run=N] - both records, the six signals against
// their thresholds, and the judge's verdict or the maintainer's override
export const GET = withErrors(async (request: Request, context: Params) => {
  const { id, finding_id, reference_bug_id } = await context.params;
  const caller = await identifyCaller(request, { access: "read", tokens: "read" });
  const query = parseOrThrow(pairQuerySchema, Object.fromEntries(new URL(request.url).searchParams), "The query");
  return respond(
    pairViewSchema,
    await getPair(id, pathSegment(finding_id), pathSegment(reference_bug_id), caller, query.run),
  );
});
