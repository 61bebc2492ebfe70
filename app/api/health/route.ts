import "server-only";
import { serviceRoutes } from "@/lib/contracts/service-routes";
import { db } from "@/lib/db";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/health - liveness plus a database round trip
export const GET = handle(serviceRoutes.getHealth, async () => {
  await db.$queryRaw`SELECT 1`;
  return { ok: true as const };
});
