import { readFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./processes";

/**
 * The demo benchmark imported into a bench's database, with an admin whose token may submit, read and administer.
 * The app's modules are loaded once DATABASE_URL and REDIS_URL name the bench's (the import queues the datasheet's
 * computation, for the bench's worker on the bench's Redis); the caller closes the connections.
 */
export async function seedDemoBenchmark(
  databaseUrl: string,
  redisUrl: string,
  adminEmail: string,
): Promise<{ benchmarkId: string; adminId: string; adminToken: string }> {
  process.env.DATABASE_URL = databaseUrl;
  process.env.REDIS_URL = redisUrl;
  const { importBenchmark } = await import("../../lib/server/benchmarks/import-benchmark");
  const { benchmarkFileSchema } = await import("../../lib/validation/benchmark-file");
  const { createUser } = await import("../../lib/server/users/create-user");
  const { createApiToken } = await import("../../lib/server/tokens/api-tokens");
  const demo: unknown = JSON.parse(readFileSync(path.join(ROOT, "data/demo/benchmark.json"), "utf8"));
  const imported = await importBenchmark(benchmarkFileSchema.parse(demo));
  const admin = await createUser({ email: adminEmail, role: "admin" });
  const { token } = await createApiToken(adminEmail, { scopes: ["submit", "read", "admin"] });
  return { benchmarkId: imported.id, adminId: admin.id, adminToken: token };
}
