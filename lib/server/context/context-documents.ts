import "server-only";
import { db } from "../../db";
import { AppError } from "../../errors";
import { recordAuditLog } from "../audit-log/record-audit-log";
import { resolveBenchmark } from "../public-reads/list-public-benchmarks";
import type { z } from "zod";
import type { ContextKind, contextDocumentSchema, putContextBodySchema } from "../../contracts/context-documents";

const MAINTAINER_EDIT_MODEL = "maintainer-edit";

export type ContextDocumentView = z.input<typeof contextDocumentSchema>;

async function findRepository(benchmarkRef: string | null | undefined, name: string) {
  const benchmark = await resolveBenchmark(benchmarkRef);
  const repository = await db.repository.findUnique({
    where: { benchmarkId_name: { benchmarkId: benchmark.id, name } },
    select: { id: true, name: true },
  });
  if (!repository) throw new AppError("not_found", `${name} is not a repository of ${benchmark.key}`);
  return { benchmark, repository };
}

export async function getContextDocument(
  benchmarkRef: string | null | undefined,
  name: string,
  kind: ContextKind,
): Promise<ContextDocumentView> {
  const { benchmark, repository } = await findRepository(benchmarkRef, name);
  const doc = await db.contextDocument.findUnique({
    where: { repositoryId_kind: { repositoryId: repository.id, kind } },
  });
  const editor = doc?.editedById
    ? await db.user.findUnique({ where: { id: doc.editedById }, select: { email: true } })
    : null;
  return {
    benchmark: benchmark.key,
    repository: repository.name,
    kind,
    text: doc?.text ?? null,
    source: doc ? (doc.editedById ? "maintainer" : "llm") : null,
    model: doc?.model ?? null,
    prompt_version: doc?.promptVersion ?? null,
    snapshot_sha: doc?.snapshotSha ?? null,
    edited_by: editor?.email ?? null,
    edited_at: doc?.editedAt?.toISOString() ?? null,
    updated_at: doc?.updatedAt.toISOString() ?? null,
  };
}

/** A maintainer's or admin's edit (audit-logged with the previous and new lengths). */
export async function putContextDocument(
  actorId: string,
  benchmarkRef: string | null | undefined,
  name: string,
  kind: ContextKind,
  edit: z.output<typeof putContextBodySchema>,
): Promise<ContextDocumentView> {
  const { text, reason } = edit;
  const { benchmark, repository } = await findRepository(benchmarkRef, name);
  await db.$transaction(async (tx) => {
    const previous = await tx.contextDocument.findUnique({
      where: { repositoryId_kind: { repositoryId: repository.id, kind } },
      select: { text: true },
    });
    const now = new Date();
    await tx.contextDocument.upsert({
      where: { repositoryId_kind: { repositoryId: repository.id, kind } },
      create: {
        repositoryId: repository.id,
        kind,
        text,
        model: MAINTAINER_EDIT_MODEL,
        promptVersion: "edit",
        editedById: actorId,
        editedAt: now,
      },
      update: { text, editedById: actorId, editedAt: now },
    });
    await recordAuditLog(tx, {
      actorId,
      action: "context_document.edit",
      target: `repository:${repository.id}`,
      reason: reason ?? null,
      details: {
        benchmark: benchmark.key,
        repository: repository.name,
        kind,
        previous_chars: previous?.text.length ?? 0,
        chars: text.length,
      },
    });
  });
  return getContextDocument(benchmark.key, name, kind);
}
