import type { Prisma } from "../../generated/prisma/client";
import { db } from "../../db";
import type { PassPlan } from "../../validation/pass-plan";

/**
 * Stores a snapshot's plan for its planner version once: the planner is deterministic, so a stored plan is right.
 * `auditedLines` (Table 6's kLOC) fills a plan stored before it was counted.
 */
export async function storePlan(snapshotId: string, plan: PassPlan, auditedLines: number): Promise<void> {
  const key = { snapshotId, plannerVersion: plan.planner_version };
  await db.passPlan.upsert({
    where: { snapshotId_plannerVersion: key },
    create: {
      ...key,
      auditedFiles: plan.audited_files.length,
      auditedLines,
      passes: plan.passes.length,
      tokens: plan.passes.reduce((n, p) => n + p.tokens, 0),
      plan: plan as unknown as Prisma.InputJsonValue,
    },
    update: { auditedLines },
  });
}
