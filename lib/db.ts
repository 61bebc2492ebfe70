import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/prisma/client";
import { requireDatabaseUrl } from "./env";
import { closePgPool } from "./pg-pool";
import { processGlobals } from "./process-globals";

// One Prisma client per process, kept across hot reloads in development. It is created on first use so that
// importing this module (e.g. during `next build`) needs no database.
const globalForPrisma = processGlobals<{ prisma?: PrismaClient }>();

function getClient(): PrismaClient {
  if (!globalForPrisma.prisma) {
    const adapter = new PrismaPg({ connectionString: requireDatabaseUrl(), max: 10 });
    globalForPrisma.prisma = new PrismaClient({ adapter });
  }
  return globalForPrisma.prisma;
}

export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, prop) {
    const client = getClient();
    const value = Reflect.get(client, prop, client);
    return typeof value === "function" ? value.bind(client) : value;
  },
});

/** The client inside `db.$transaction(async (tx) => ...)`. */
export type Tx = Parameters<Parameters<typeof db.$transaction>[0]>[0];

export async function disconnectDb(): Promise<void> {
  if (globalForPrisma.prisma) await globalForPrisma.prisma.$disconnect();
  globalForPrisma.prisma = undefined;
  await closePgPool();
}
