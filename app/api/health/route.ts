import "server-only";
import { db } from "@/lib/db";
import { respond, withErrors } from "@/lib/server/http/respond";
import { healthSchema } from "@/lib/contracts/service";

export const dynamic = "force-dynamic";

// GET /api/health - liveness plus a database round trip
export const GET = withErrors(async () => {
  await db.$queryRaw`SELECT 1`;
  return respond(healthSchema, { ok: true });
});
