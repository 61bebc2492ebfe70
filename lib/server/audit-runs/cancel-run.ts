import "server-only";
import { db } from "../../db";
import { AppError } from "../../errors";
import { finishRunIfComplete } from "./finish-run";
import { recordAuditLog } from "../audit-log/record-audit-log";
import type { z } from "zod";
import type { cancelledAuditRunSchema } from "../../contracts/audit-runs";

/**
 * Cancels a queued or running run (audit-logged): passes not yet started are skipped, running passes stop at their
 * next turn; the run produces no submission.
 */
export async function cancelAuditRun(actorId: string, id: string): Promise<z.input<typeof cancelledAuditRunSchema>> {
  await db.$transaction(async (tx) => {
    const run = await tx.auditRun.findUnique({ where: { id }, select: { status: true } });
    if (!run) throw new AppError("not_found", "Audit run not found");
    const { count } = await tx.auditRun.updateMany({
      where: { id, status: { in: ["queued", "running"] } },
      data: { status: "cancelled", error: "cancelled by an admin" },
    });
    if (count === 0)
      throw new AppError("conflict", `Only a queued or running run can be cancelled; this one is ${run.status}`);
    await tx.auditPass.updateMany({
      where: { runId: id, status: "queued" },
      data: { status: "skipped", error: "the run was cancelled" },
    });
    await recordAuditLog(tx, {
      actorId,
      action: "audit_run.cancel",
      target: `audit_run:${id}`,
      details: { from: run.status },
    });
  });
  // Records the end now when no pass is running; otherwise the last running pass does when it stops.
  await finishRunIfComplete(id);
  return { id, status: "cancelled" };
}
