import { db } from "../../db";
import { reportedDatasheetSchema, type ComputedDatasheet } from "../../contracts/datasheet";
import { buildDatasheet, type DatasheetInput } from "../../datasheet/build-datasheet";
import { benchmarkKey } from "../../validation/benchmark-ref";
import { sha256 } from "../../hash";
import { pipelineSchema } from "../../validation/benchmark-file";

// A benchmark version's datasheet is computed from its stored data and kept with the hash of that data. Every write
// that changes the data (benchmark import, fix-dates import, snapshot import, the reported import) queues its
// computation in the worker (queue-datasheet.ts, worker/processors/datasheet.ts); a computation whose input hash
// equals the stored one stores nothing, so repeating it is free.

/** What a datasheet's header shows of its version (datasheetHeader). */
export const DATASHEET_HEADER_SELECT = {
  slug: true,
  version: true,
  name: true,
  snapshotDate: true,
  referenceWindowEnd: true,
} as const;

/** The version a datasheet describes, as its header shows it. */
export function datasheetHeader(b: {
  slug: string;
  version: string;
  name: string;
  snapshotDate: Date;
  referenceWindowEnd: Date | null;
}) {
  return {
    key: benchmarkKey(b),
    slug: b.slug,
    version: b.version,
    name: b.name,
    snapshot_date: b.snapshotDate.toISOString().slice(0, 10),
    reference_window_end: b.referenceWindowEnd?.toISOString().slice(0, 10) ?? null,
  };
}

/** Everything the datasheet reads of a version, in a canonical order (the hash is taken over it). */
async function loadDatasheetInput(benchmarkId: string): Promise<DatasheetInput> {
  const benchmark = await db.benchmark.findUniqueOrThrow({
    where: { id: benchmarkId },
    select: {
      ...DATASHEET_HEADER_SELECT,
      pipeline: true,
      taxonomy: true,
      repositories: {
        orderBy: { name: "asc" },
        select: {
          id: true,
          name: true,
          language: true,
          domain: true,
          testCount: true,
          commitCount: true,
          fixCommitCount: true,
          referenceBugCount: true,
          fixCommits: { orderBy: { position: "asc" }, select: { sha: true, committedAt: true } },
          snapshot: {
            select: {
              plans: {
                orderBy: { createdAt: "desc" },
                select: { plannerVersion: true, auditedFiles: true, auditedLines: true, passes: true },
              },
            },
          },
        },
      },
    },
  });
  const bugs = await db.referenceBug.findMany({
    where: { repository: { benchmarkId } },
    orderBy: [{ repositoryId: "asc" }, { externalId: "asc" }],
    select: { repositoryId: true, fixCommit: true },
  });
  const bugsOf = new Map<string, (string | null)[]>();
  for (const b of bugs) bugsOf.set(b.repositoryId, [...(bugsOf.get(b.repositoryId) ?? []), b.fixCommit]);
  const pipeline = pipelineSchema.safeParse(benchmark.pipeline);
  const reported = reportedDatasheetSchema.safeParse(
    (benchmark.taxonomy as { reported?: { datasheet?: unknown } } | null)?.reported?.datasheet,
  );
  const referenceBugs = benchmark.repositories.reduce(
    (n, r) => n + (bugsOf.get(r.id)?.length || r.referenceBugCount || 0),
    0,
  );
  return {
    benchmark: datasheetHeader(benchmark),
    pipeline: pipeline.success ? pipeline.data : null,
    referenceBugs,
    repositories: benchmark.repositories.map((r) => {
      const stored = bugsOf.get(r.id) ?? [];
      // The newest planner's plan (plans of older planner versions stay stored beside it).
      const plan = r.snapshot?.plans[0] ?? null;
      return {
        name: r.name,
        language: r.language,
        domain: r.domain,
        tests: r.testCount,
        commits: r.commitCount,
        fixCommits:
          r.fixCommitCount === null
            ? null
            : r.fixCommits.map((c) => ({ sha: c.sha, date: c.committedAt.toISOString() })),
        bugs: stored.length || r.referenceBugCount || 0,
        bugFixCommits: stored,
        plan,
      };
    }),
    reported: reported.success ? reported.data : null,
  };
}

/**
 * The datasheet of a version computed from its data as they are now, or `unchanged` when their content hash equals
 * the hash the stored sheet was computed from (a repeated import, a snapshot imported again). The worker's datasheet
 * job calls it and stores the result.
 */
export async function computeDatasheet(
  benchmarkId: string,
  storedHash: string | null,
): Promise<{ unchanged: true } | { unchanged: false; inputHash: string; datasheet: ComputedDatasheet }> {
  const input = await loadDatasheetInput(benchmarkId);
  const inputHash = sha256(JSON.stringify(input));
  if (storedHash === inputHash) return { unchanged: true };
  return { unchanged: false, inputHash, datasheet: buildDatasheet(input, inputHash, new Date().toISOString()) };
}
