import { identifyCaller } from "@/lib/server/auth/api-caller";
import { parseOrThrow } from "@/lib/errors";
import { shaped, withErrors } from "@/lib/server/http/respond";
import { compareSubmissions } from "@/lib/server/workbench/compare-submissions";
import { comparisonCsv, fileSafe, workbenchDownload } from "@/lib/server/workbench/workbench-downloads";
import { comparisonSchema, compareQuerySchema } from "@/lib/contracts/workbench";

export const dynamic = "force-dynamic";

// GET /api/v1/compare?repo=owner/name&a=ID&b=ID[&run_a=N][&run_b=N][&format=csv] - reference bugs both submissions
// found, only one found, and neither, on one repository
export const GET = withErrors(async (request: Request) => {
  const caller = await identifyCaller(request, { access: "read", tokens: "read" });
  const { format, ...query } = parseOrThrow(
    compareQuerySchema,
    Object.fromEntries(new URL(request.url).searchParams),
    "The query",
  );
  const view = await compareSubmissions(query, caller);
  return workbenchDownload(
    format,
    `compare-${fileSafe(view.repo)}-${fileSafe(query.a)}-${fileSafe(query.b)}`,
    () => shaped(comparisonSchema, view),
    () => comparisonCsv(view),
  );
});
