import type { Job } from "bullmq";
import { db } from "../../lib/db";
import { Prisma } from "../../lib/generated/prisma/client";
import { datasheetQueue, enqueueDatasheet } from "../../lib/queue/datasheet-queue";
import { computeDatasheet } from "../../lib/server/datasheet/refresh-datasheet";
import { classifyDatasheetError } from "../jobs/classify-job-error";
import { assertClaimHeld, claimFencedRow } from "../jobs/fenced-row";
import { runClaimedJob } from "../jobs/run-claimed-job";

// datasheet-queue has no worker feature folder: its work is one lib/server operation (computeDatasheet), its claim
// and writes the fenced ones of every job row.

type DatasheetClaim = { datasheetId: string; benchmarkId: string; inputHash: string | null; token: number };

async function claimDatasheet(datasheetId: string): Promise<DatasheetClaim | null> {
  const row = await claimFencedRow<{ benchmarkId: string; inputHash: string | null }>(
    db,
    { table: "BenchmarkDatasheet", token: "token" },
    datasheetId,
    {
      set: Prisma.sql`status = 'running', error = NULL`,
      claimable: Prisma.sql`status IN ('queued', 'running')`,
      returning: Prisma.sql`"benchmarkId", "inputHash"`,
    },
  );
  return row ? { datasheetId, ...row } : null;
}

async function updateClaimed(claim: DatasheetClaim, data: Prisma.BenchmarkDatasheetUpdateManyMutationInput) {
  const { count } = await db.benchmarkDatasheet.updateMany({
    where: { id: claim.datasheetId, token: claim.token },
    data,
  });
  assertClaimHeld(count, `datasheet ${claim.datasheetId}`);
}

/** Computes a version's datasheet unless the stored one was computed from the same data (same content hash). */
export function processDatasheetJob(job: Job): Promise<unknown> {
  return runClaimedJob(job, {
    parse: datasheetQueue.payload,
    claim: ({ datasheetId }) => claimDatasheet(datasheetId),
    logFields: ({ datasheetId }) => ({ datasheetId }),
    classify: classifyDatasheetError,
    record: (claim, { message, final }) =>
      updateClaimed(claim, final ? { status: "failed", error: message } : { error: message }),
    work: async (claim) => {
      const result = await computeDatasheet(claim.benchmarkId, claim.inputHash);
      if (result.unchanged) {
        await updateClaimed(claim, { status: "done", error: null });
        return { unchanged: true, inputHash: claim.inputHash };
      }
      await updateClaimed(claim, {
        status: "done",
        error: null,
        inputHash: result.inputHash,
        datasheet: result.datasheet as unknown as Prisma.InputJsonValue,
      });
      return { unchanged: false, inputHash: result.inputHash };
    },
  });
}

/** Datasheet rows still queued or running whose job was lost (Redis down at import, a worker gone): re-queued. */
export async function requeueLostDatasheets(): Promise<number> {
  const rows = await db.benchmarkDatasheet.findMany({
    where: { status: { in: ["queued", "running"] } },
    select: { id: true, token: true },
  });
  for (const row of rows) await enqueueDatasheet(row.id, row.token);
  return rows.length;
}
