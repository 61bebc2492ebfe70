import "server-only";
import { db } from "../../db";
import { AppError } from "../../errors";
import type {
  DrawReferenceAuditBody,
  ReferenceAuditList,
  ReferenceAuditsQuery,
  ReferenceAuditView,
  SaveMarkBody,
} from "../../contracts/grading";
import { allocateProportionally } from "../../panel/sample";
import { drawSeeded } from "../../grading/sampling";
import { recordAuditLog } from "../audit-log/record-audit-log";
import { bugText, judgedBy, loadVersion, newSeed, TEXT_SELECT, userNames } from "./load-version";

// Auditing the reference set (§2.2): a seeded sample of the version's reference bugs, per repository in proportion to
// its reference bugs (largest remainders), which maintainers mark valid / invalid / unsure with a reason. Another
// auditor's marks stay hidden until the caller's own mark on that bug, so two audits stay independent (Cohen's kappa).
// A mark never changes a score: an "invalid" mark is recorded (audit log `reference_audit.mark`), and taking a bug
// out of the reference set is a new benchmark version, a decision of its own.

export async function drawReferenceAudit(
  caller: { id: string },
  input: DrawReferenceAuditBody,
): Promise<ReferenceAuditView> {
  const version = await loadVersion(input.benchmark);
  const seed = input.seed ?? newSeed();
  const bugs = await db.referenceBug.findMany({
    where: { repository: { benchmarkId: version.id } },
    select: { id: true, repository: { select: { name: true } } },
    orderBy: { id: "asc" },
  });
  if (bugs.length === 0) throw new AppError("conflict", `${version.key} stores no reference bugs to audit.`);
  const byRepo = new Map<string, string[]>();
  for (const b of bugs) byRepo.set(b.repository.name, [...(byRepo.get(b.repository.name) ?? []), b.id]);
  const seats = allocateProportionally(new Map([...byRepo].map(([name, ids]) => [name, ids.length])), input.size);
  const chosen = [...seats].flatMap(([repo, n]) => drawSeeded(byRepo.get(repo)!, n, seed, repo));
  const audit = await db.$transaction(async (tx) => {
    const audit = await tx.referenceAudit.create({
      data: {
        benchmarkId: version.id,
        seed,
        requested: input.size,
        perRepository: Object.fromEntries(seats),
        createdById: caller.id,
        items: { create: chosen.map((referenceBugId, i) => ({ referenceBugId, position: i + 1 })) },
      },
    });
    await recordAuditLog(tx, {
      actorId: caller.id,
      action: "reference_audit.draw",
      target: `reference_audit:${audit.id}`,
      details: { benchmark: version.key, seed, requested: input.size, drawn: chosen.length },
    });
    return audit;
  });
  return getReferenceAudit(caller, audit.id);
}

export async function listReferenceAudits(
  caller: { id: string },
  query: ReferenceAuditsQuery,
): Promise<ReferenceAuditList> {
  const version = await loadVersion(query.benchmark);
  const audits = await db.referenceAudit.findMany({
    where: { benchmarkId: version.id },
    orderBy: { createdAt: "desc" },
    select: {
      id: true,
      seed: true,
      requested: true,
      createdAt: true,
      items: { select: { id: true, marks: { where: { auditorId: caller.id }, select: { id: true }, take: 1 } } },
    },
  });
  return {
    benchmark: version.key,
    audits: audits.map((a) => ({
      id: a.id,
      seed: a.seed,
      requested: a.requested,
      items: a.items.length,
      marked_by_me: a.items.filter((i) => i.marks.length > 0).length,
      created_at: a.createdAt.toISOString(),
    })),
  };
}

async function loadAudit(id: string) {
  const audit = await db.referenceAudit.findUnique({
    where: { id },
    include: {
      benchmark: { select: { slug: true, version: true } },
      items: {
        orderBy: { position: "asc" },
        include: {
          referenceBug: { select: { ...TEXT_SELECT, externalId: true } },
          marks: { orderBy: { createdAt: "asc" } },
        },
      },
    },
  });
  if (!audit) throw new AppError("not_found", `Unknown reference audit ${id}`);
  return audit;
}

export async function getReferenceAudit(caller: { id: string }, id: string): Promise<ReferenceAuditView> {
  const audit = await loadAudit(id);
  const names = await userNames(audit.items.flatMap((i) => i.marks.map((m) => m.auditorId)));
  return {
    id: audit.id,
    benchmark: `${audit.benchmark.slug}@${audit.benchmark.version}`,
    seed: audit.seed,
    requested: audit.requested,
    per_repository: audit.perRepository as Record<string, number>,
    created_at: audit.createdAt.toISOString(),
    items: audit.items.map((item) => {
      const mine = item.marks.filter((m) => m.auditorId === caller.id).at(-1);
      return {
        reference_bug_id: item.referenceBug.externalId,
        text: bugText(item.referenceBug),
        my_mark: mine?.mark ?? null,
        my_reason: mine?.reason ?? null,
        reveal: mine
          ? {
              marks: item.marks.map((m) => ({
                mark: m.mark,
                reason: m.reason,
                ...judgedBy(names, m.auditorId, m),
              })),
            }
          : null,
      };
    }),
  };
}

export async function saveMark(caller: { id: string }, id: string, input: SaveMarkBody): Promise<ReferenceAuditView> {
  const audit = await loadAudit(id);
  const item = audit.items.find((i) => i.referenceBug.externalId === input.reference_bug_id);
  if (!item) {
    throw new AppError("invalid_input", "The mark is invalid: 1 problem", [
      { path: "reference_bug_id", message: `${input.reference_bug_id} is not in this audit's sample` },
    ]);
  }
  // Seen: the auditor had marked this bug already, and so had seen the other auditors' marks.
  const seen = item.marks.some((m) => m.auditorId === caller.id);
  await db.$transaction(async (tx) => {
    const row = await tx.referenceAuditMark.create({
      data: { itemId: item.id, auditorId: caller.id, mark: input.mark, reason: input.reason, afterReveal: seen },
    });
    await recordAuditLog(tx, {
      actorId: caller.id,
      action: "reference_audit.mark",
      target: `reference_bug:${item.referenceBugId}`,
      reason: input.reason,
      details: {
        audit: id,
        benchmark: `${audit.benchmark.slug}@${audit.benchmark.version}`,
        reference_bug_id: input.reference_bug_id,
        mark: input.mark,
        mark_id: row.id,
        after_reveal: seen,
        changes_scores: false,
      },
    });
  });
  return getReferenceAudit(caller, id);
}
