import "server-only";
import { db } from "@/lib/db";
import { json, withErrors } from "@/lib/server/http/respond";

export const dynamic = "force-dynamic";

// GET /api/health - liveness plus a database round trip
export const GET = withErrors(async () => {
  await db.$queryRaw`SELECT 1`;
  return json({ ok: true });
});
