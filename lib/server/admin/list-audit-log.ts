import "server-only";
import { db } from "../../db";

import type { z } from "zod";
import type { auditLogQuerySchema, auditLogSchema } from "../../contracts/admin";

/** The admin audit log, newest first: who did what to which target, when and why. */
export async function listAuditLog(
  query: z.output<typeof auditLogQuerySchema>,
): Promise<z.input<typeof auditLogSchema>> {
  const { action, target, before, take } = query;
  const rows = await db.auditLog.findMany({
    where: { ...(action ? { action } : {}), ...(target ? { target } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: take + 1,
    ...(before ? { cursor: { id: before }, skip: 1 } : {}),
    include: { actor: { select: { id: true, email: true } } },
  });
  const page = rows.slice(0, take);
  return {
    entries: page.map((r) => ({
      id: r.id,
      at: r.createdAt.toISOString(),
      actor: r.actor,
      action: r.action,
      target: r.target,
      reason: r.reason,
      details: r.details,
    })),
    next: rows.length > take ? page[page.length - 1]!.id : null,
  };
}
