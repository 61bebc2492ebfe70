import { db } from "../../db";
import type { ContextKind } from "../../contracts/context-documents";

// The worker's side of ContextDocument: the panel's (paper F.6.1) and the audit's (F.5.1) context documents, one per
// repository and kind, written by an LLM pass per snapshot. A maintainer's edit is never overwritten.

/** What an LLM pass wrote: the text and how it was made. */
export type GeneratedContext = {
  text: string;
  model: string;
  promptVersion: string;
  snapshotSha: string | null;
  tokens: number;
  costUsd: number;
};

/** The stored document of the repository's `kind`, or null. */
export function readContextDocument(repositoryId: string, kind: ContextKind) {
  return db.contextDocument.findUnique({ where: { repositoryId_kind: { repositoryId, kind } } });
}

/** The repository a document is written about, with its snapshot (null when none was imported). */
export function readRepositoryForContext(repositoryId: string) {
  return db.repository.findUniqueOrThrow({ where: { id: repositoryId }, include: { snapshot: true } });
}

/** The distinct files the repository's reference bugs name, in order, at most `take`. */
export async function listReferenceBugFiles(repositoryId: string, take: number): Promise<string[]> {
  const named = await db.referenceBug.findMany({
    where: { repositoryId },
    distinct: ["file"],
    select: { file: true },
    orderBy: { file: "asc" },
    take,
  });
  return named.map((f) => f.file);
}

/**
 * Stores the panel's document and returns the text that now stands. Two workers may write it at once: the unique
 * (repository, kind) keeps one row; a maintainer edit in between wins.
 */
export async function storePanelContext(repositoryId: string, data: GeneratedContext): Promise<string> {
  const stored = await db.contextDocument.upsert({
    where: { repositoryId_kind: { repositoryId, kind: "panel" } },
    create: { repositoryId, kind: "panel", ...data },
    update: {},
  });
  if (!stored.editedById && !stored.editedAt && stored.snapshotSha !== data.snapshotSha) {
    await db.contextDocument.updateMany({ where: { id: stored.id, editedById: null, editedAt: null }, data });
    return data.text;
  }
  return stored.text;
}

/** Stores the audit's document over `existingId` (unless a maintainer edited it meanwhile), or as a new row. */
export async function storeAuditContext(
  repositoryId: string,
  existingId: string | null,
  generated: GeneratedContext,
): Promise<void> {
  const data = { ...generated, editedById: null, editedAt: null };
  if (existingId) await db.contextDocument.updateMany({ where: { id: existingId, editedById: null }, data });
  else
    await db.contextDocument.upsert({
      where: { repositoryId_kind: { repositoryId, kind: "audit" } },
      create: { repositoryId, kind: "audit", ...data },
      update: {},
    });
}
