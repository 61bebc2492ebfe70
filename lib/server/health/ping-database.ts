import { db } from "../../db";

/** One round trip to Postgres: resolves when the database answers, rejects when it does not. */
export async function pingDatabase(): Promise<void> {
  await db.$queryRaw`SELECT 1`;
}
