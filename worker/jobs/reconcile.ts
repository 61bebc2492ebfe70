import type { Job } from "bullmq";
import type { z } from "zod";
import { Prisma } from "../../lib/generated/prisma/client";
import { db } from "../../lib/db";
import { log } from "../../lib/observability/log";
import type { QueueDefinition } from "../../lib/queue/define-queue";

// The one recovery of every job row. Postgres is the truth: a row is written before its job is queued, and a row
// queued or running whose lease (lease.ts) has passed has nobody working on it. If no live job of its queue names
// it either (Redis was emptied, restarted without persistence, failed over, or evicted the job), the reconciler
// queues it again. It runs when a worker starts and then every RECONCILE_INTERVAL_MS, in one worker at a time (a
// transaction-scoped Postgres advisory lock: a worker that finds the lock taken skips its turn). A queued job that
// turns out to be a duplicate is harmless: the fencing token (fenced-row.ts) lets only the latest claimant write.

/** One kind of job row: where its rows are, which of them still need work, and how its queue names them. */
export type StrandedRows = {
  queue: QueueDefinition<z.ZodType>;
  /** The BullMQ job name its jobs carry. */
  jobName: string;
  /** The table, as named in the schema, and its lease column. */
  table: string;
  lease: string;
  /** SQL of the rows that still need work (queued or running), besides an expired lease. */
  pending: Prisma.Sql;
  /** The payload and job id of a row's job. */
  payload: (id: string) => unknown;
  jobId: (id: string) => string;
  /** The row a job of this queue works on, or undefined when the job is of another kind. */
  rowOf: (data: unknown) => string | undefined;
};

/**
 * The entry of a table whose rows are under a `leaseUntil` lease and whose job names its row by one payload field
 * (`idKey`). The rows that need work are those queued or running unless `pending` says otherwise; the job id is the
 * row's id unless `jobId` does.
 */
export function leasedRows(
  queue: QueueDefinition<z.ZodType>,
  jobName: string,
  table: string,
  idKey: string,
  {
    jobId = (id) => id,
    pending = Prisma.sql`status IN ('queued', 'running')`,
  }: { jobId?: (id: string) => string; pending?: Prisma.Sql } = {},
): StrandedRows {
  return {
    queue,
    jobName,
    table,
    lease: "leaseUntil",
    pending,
    payload: (id) => ({ [idKey]: id }),
    jobId,
    rowOf: (data) => {
      const id = (queue.payload.safeParse(data).data as Record<string, unknown> | undefined)?.[idKey];
      return typeof id === "string" ? id : undefined;
    },
  };
}

/** The states of a job that will still run (or is running): a row such a job names is not stranded. */
const LIVE_STATES = ["active", "waiting", "delayed", "prioritized", "waiting-children"] as const;
/** Every worker takes the same lock: hashtext of a fixed name, in the transaction of one pass. */
const LOCK_NAME = "probebench:reconcile-jobs";

async function strandedIds(tx: Pick<typeof db, "$queryRaw">, rows: StrandedRows): Promise<string[]> {
  const lease = Prisma.raw(`"${rows.lease}"`);
  const found = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM ${Prisma.raw(`"${rows.table}"`)}
    WHERE (${rows.pending}) AND (${lease} IS NULL OR ${lease} < (now() AT TIME ZONE 'UTC'))`;
  return found.map((r) => r.id);
}

/** Queues a row's job under its job id; a finished job still kept under that id is removed first. */
async function enqueueAgain(rows: StrandedRows, id: string): Promise<boolean> {
  const queue = rows.queue.queue();
  const jobId = rows.jobId(id);
  const existing = await queue.getJob(jobId);
  if (existing) {
    const state = await existing.getState();
    if (state !== "completed" && state !== "failed" && state !== "unknown") return false;
    await existing.remove();
  }
  await queue.add(rows.jobName, rows.payload(id), { jobId });
  return true;
}

/**
 * One pass over every kind of job row; returns how many rows of each queue were queued again, or null when another
 * worker holds the pass.
 */
async function reconcileJobs(kinds: StrandedRows[]): Promise<Record<string, number> | null> {
  return db.$transaction(
    async (tx) => {
      const [lock] = await tx.$queryRaw<{ leader: boolean }[]>`
        SELECT pg_try_advisory_xact_lock(hashtext(${LOCK_NAME})) AS leader`;
      if (!lock?.leader) return null;
      const requeued: Record<string, number> = {};
      const liveJobs = new Map<string, Job[]>();
      for (const rows of kinds) {
        const name = rows.queue.name;
        requeued[name] ??= 0;
        const ids = await strandedIds(tx, rows);
        if (ids.length === 0) continue;
        // Live jobs are read only for a queue with stranded-looking rows: a row waiting its turn is not stranded.
        if (!liveJobs.has(name)) liveJobs.set(name, await rows.queue.queue().getJobs([...LIVE_STATES]));
        const live = new Set(liveJobs.get(name)!.map((job) => job && rows.rowOf(job.data)));
        for (const id of ids) {
          if (live.has(id)) continue;
          if (await enqueueAgain(rows, id)) requeued[name]! += 1;
        }
      }
      return requeued;
    },
    { maxWait: 10_000, timeout: 120_000 },
  );
}

/**
 * Runs a pass now (awaited, so the worker's start-up log says what it queued) and then every `intervalMs`, never two
 * at once. Returns the first pass's counts and a stop that waits for a pass under way.
 */
export async function startReconciler(
  kinds: StrandedRows[],
  intervalMs: number,
): Promise<{ first: Record<string, number> | null; stop: () => Promise<void> }> {
  let running: Promise<void> | undefined;
  const pass = async () => {
    try {
      const requeued = await reconcileJobs(kinds);
      const total = requeued ? Object.values(requeued).reduce((a, b) => a + b, 0) : 0;
      if (total > 0) log.warn({ requeued }, `reconciler: queued ${total} stranded job row(s) again`);
      return requeued;
    } catch (error) {
      log.error({ err: error }, "reconciler pass failed; trying again at the next period");
      return null;
    }
  };
  const first = await pass();
  const timer = setInterval(() => {
    if (running) return;
    running = pass().then(() => {
      running = undefined;
    });
  }, intervalMs);
  timer.unref();
  return {
    first,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
