import "server-only";
import { serviceRoutes } from "@/lib/contracts/service-routes";
import { pingDatabase } from "@/lib/server/health/ping-database";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/health - liveness plus a database round trip
export const GET = handle(serviceRoutes.getHealth, async () => {
  await pingDatabase();
  return { ok: true as const };
});
