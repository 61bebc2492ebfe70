import pg from "pg";
import { requireDatabaseUrl } from "./env";
import { log } from "./observability/log";
import { processGlobals } from "./process-globals";

// A small pool of plain `pg` connections for bulk writes. Prisma's raw queries copy array parameters several times
// on their way to the driver (a 50 MB upload cost ~450 MB of heap that way, ~100 MB through pg directly), so the
// one bulk path that must stay within a small multiple of its input writes here. Everything else uses lib/db.ts.
const globalForPg = processGlobals<{ pgPool?: pg.Pool }>();

function pgPool(): pg.Pool {
  if (!globalForPg.pgPool) {
    globalForPg.pgPool = new pg.Pool({ connectionString: requireDatabaseUrl(), max: 4, allowExitOnIdle: true });
    globalForPg.pgPool.on("error", (error) => log.warn({ err: error }, "idle pg connection failed"));
  }
  return globalForPg.pgPool;
}

/** Runs `work` in one transaction on a pooled connection; rolls back on any error. */
export async function withPgTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pgPool().connect();
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

export async function closePgPool(): Promise<void> {
  const pool = globalForPg.pgPool;
  globalForPg.pgPool = undefined;
  await pool?.end();
}
