import "server-only";
import { adminRoutes } from "@/lib/contracts/admin-routes";
import { startReferenceAttribution } from "@/lib/server/attribution/queue-reference-attribution";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/benchmarks/{slug@version}/reference-attribution - label the version's reference bugs with the
// configured bug-type classifier -> 202 (admins; tokens need `admin`; audit-logged)
export const POST = handle(
  adminRoutes.postAdminBenchmarksKeyReferenceAttribution,
  ({ caller, params, body }) => startReferenceAttribution(caller.id, decodeURIComponent(params.key), body),
  { body: "The reference attribution request", maxBodyBytes: 1024 },
);
