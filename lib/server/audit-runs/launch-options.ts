import "server-only";
import { db } from "../../db";
import { defaultAuditEndpoint, allowedBaseUrls } from "./model-endpoint";
import { readSandboxStatus } from "./sandbox-status";
import type { SandboxRecord } from "../../contracts/sandbox-record";

export type LaunchOptions = {
  endpointConfigured: boolean;
  // The sandbox the last worker to start chose, or null before any worker has started.
  sandbox: SandboxRecord | null;
  baseUrls: string[];
  benchmarks: {
    key: string;
    name: string;
    repositories: { name: string; language: string; passes: number | null }[];
  }[];
};

/** What the launch form offers: benchmark versions with the repositories that have a snapshot (and their plan's size). */
export async function getLaunchOptions(): Promise<LaunchOptions> {
  const sandbox = await readSandboxStatus();
  const benchmarks = await db.benchmark.findMany({
    orderBy: [{ slug: "asc" }, { createdAt: "desc" }],
    select: {
      slug: true,
      version: true,
      name: true,
      repositories: {
        orderBy: { name: "asc" },
        where: { snapshot: { isNot: null } },
        select: {
          name: true,
          language: true,
          snapshot: { select: { plans: { orderBy: { createdAt: "desc" }, take: 1, select: { passes: true } } } },
        },
      },
    },
  });
  return {
    endpointConfigured: defaultAuditEndpoint() !== null,
    sandbox,
    baseUrls: allowedBaseUrls(),
    benchmarks: benchmarks
      .filter((b) => b.repositories.length > 0)
      .map((b) => ({
        key: `${b.slug}@${b.version}`,
        name: b.name,
        repositories: b.repositories.map((r) => ({
          name: r.name,
          language: r.language,
          passes: r.snapshot?.plans[0]?.passes ?? null,
        })),
      })),
  };
}
