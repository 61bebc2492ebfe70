import type { Job } from "bullmq";
import { Prisma } from "../../lib/generated/prisma/client";
import { datasheetQueue } from "../../lib/queue/datasheet-queue";
import { computeDatasheet } from "../../lib/server/datasheet/refresh-datasheet";
import { updateClaimedDatasheet } from "../../lib/server/datasheet/datasheet-job";
import { classifyDatasheetError } from "../jobs/classify-job-error";
import { assertClaimHeld, claimRow, type FencedTable } from "../jobs/fenced-row";
import { leasedRows } from "../jobs/reconcile";
import { runClaimedJob } from "../jobs/run-claimed-job";

// datasheet-queue has no worker feature folder: its work is one lib/server operation (computeDatasheet), its claim
// and writes the fenced ones of every job row.

const DATASHEET: FencedTable = { table: "BenchmarkDatasheet", lease: "leaseUntil" };

type DatasheetClaim = { datasheetId: string; benchmarkId: string; inputHash: string | null; token: number };

async function claimDatasheet(datasheetId: string): Promise<DatasheetClaim | null> {
  const row = await claimRow<{ benchmarkId: string; inputHash: string | null }>(DATASHEET, datasheetId, {
    set: Prisma.sql`status = 'running', error = NULL`,
    claimable: Prisma.sql`status IN ('queued', 'running')`,
    returning: Prisma.sql`"benchmarkId", "inputHash"`,
  });
  return row ? { datasheetId, ...row } : null;
}

async function updateClaimed(claim: DatasheetClaim, data: Prisma.BenchmarkDatasheetUpdateManyMutationInput) {
  assertClaimHeld(await updateClaimedDatasheet(claim, data), `datasheet ${claim.datasheetId}`);
}

/** Computes a version's datasheet unless the stored one was computed from the same data (same content hash). */
export function processDatasheetJob(job: Job): Promise<unknown> {
  return runClaimedJob(job, {
    parse: datasheetQueue.payload,
    claim: ({ datasheetId }) => claimDatasheet(datasheetId),
    lease: (claim) => ({ fenced: DATASHEET, id: claim.datasheetId, token: claim.token }),
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

/** Datasheet rows queued or running whose lease has passed (Redis lost their job, a worker died): queued again. */
export const strandedDatasheets = leasedRows(datasheetQueue, "compute-datasheet", "BenchmarkDatasheet", "datasheetId", {
  jobId: (id) => `${id}-reconciled`,
});
