import "server-only";
import { healthSchema } from "@/lib/contracts/staff";
import { db } from "@/lib/db";
import { respond, withErrors } from "@/lib/server/http/respond";

export const dynamic = "force-dynamic";

// GET /api/health - liveness plus a database round trip
export const GET = withErrors(async () => {
  await db.$queryRaw`SELECT 1`;
  return respond(healthSchema, { ok: true });
});
