import { existsSync } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { db } from "../../db";
import { env } from "../../env";
import { AppError } from "../../errors";
import { planSourceTree } from "../../planner/plan-source-tree";
import { countLines, languageOf } from "../../planner/select-files";
import { findBenchmark } from "../benchmarks/import-benchmark";
import { writeCanonicalTarGz } from "../../snapshots/canonical-tar";
import { checkSnapshotArchive } from "../../snapshots/check-snapshot-archive";
import { readSourceTree, type TreeEntry } from "../../snapshots/read-source-tree";
import type { SnapshotLimits } from "../../snapshots/snapshot-rules";
import { recordAuditLog } from "../audit-log/record-audit-log";
import { snapshotLimits } from "./snapshot-limits";
import { storePlan } from "./store-plan";
import { queueDatasheet } from "../datasheet/queue-datasheet";

export type ImportSnapshotInput = {
  benchmark: string;
  repo: string;
  source: string;
  image?: string;
  // Replace a stored snapshot that extraction refuses: by an admin (their email), with a reason for the audit log.
  replace?: { adminEmail: string; reason: string };
};
export type ImportSnapshotResult = {
  status: "created" | "unchanged" | "replaced";
  sha256: string;
  files: number;
  lines: number;
  languages: Record<string, number>;
  removedHistoryEntries: number;
  passes: number;
  auditedFiles: number;
};

/**
 * Stores the snapshot of one benchmark repository and its pass plan. Identical content again is a no-op (the plan of
 * the current planner version is added if missing); different content for the same repository and version is
 * refused, unless the stored snapshot can no longer be extracted and an admin replaces it (audit-logged).
 */
export async function importSnapshot(input: ImportSnapshotInput): Promise<ImportSnapshotResult> {
  const benchmark = await findBenchmark(input.benchmark);
  if (!benchmark) throw new AppError("not_found", `Unknown benchmark version "${input.benchmark}"`);
  const repository = await db.repository.findUnique({
    where: { benchmarkId_name: { benchmarkId: benchmark.id, name: input.repo } },
  });
  if (!repository)
    throw new AppError("not_found", `${input.repo} is not a repository of ${benchmark.slug}@${benchmark.version}`);
  const admin = input.replace ? await findAdmin(input.replace.adminEmail) : null;

  const limits = snapshotLimits();
  const tree = await readSourceTree(input.source, limits);
  const files = tree.entries.filter((e): e is Extract<TreeEntry, { type: "file" }> => e.type === "file");
  if (files.length === 0) throw new AppError("invalid_input", `${input.source} holds no files`);
  const incoming = await writeIncoming(tree.entries, limits);
  try {
    const { sha256 } = incoming;
    const languages = sourceLines(files);
    const lines = Object.values(languages).reduce((n, l) => n + l, 0);
    const summary = {
      sha256,
      files: files.length,
      lines,
      languages,
      removedHistoryEntries: tree.removedHistoryEntries,
    };
    const storagePath = `${sha256.slice(0, 2)}/${sha256}.tar.gz`;
    const content = { sha256, storagePath, fileCount: files.length, lines, languages };

    const existing = await db.repositorySnapshot.findUnique({ where: { repositoryId: repository.id } });
    const key = `${input.repo} in ${benchmark.slug}@${benchmark.version}`;
    // Set when the stored snapshot is replaced: why extraction refuses it.
    let refusedBecause: string | null = null;
    if (existing && existing.sha256 !== sha256) {
      const refusal = await extractionRefusal(existing);
      if (!input.replace || refusal === null) {
        throw new AppError(
          "conflict",
          refusal === null
            ? `${key} already has a different snapshot (sha256 ${existing.sha256}), and it extracts: a version's snapshots never change`
            : `${key} already has a different snapshot (sha256 ${existing.sha256}), which cannot be extracted (${refusal}); an admin can replace it: add --replace --admin <email> --reason <text>`,
        );
      }
      refusedBecause = refusal;
    }
    if (
      existing &&
      refusedBecause === null &&
      input.image !== undefined &&
      existing.image !== null &&
      existing.image !== input.image
    ) {
      throw new AppError(
        "conflict",
        `The snapshot of ${input.repo} already names the environment image ${existing.image}`,
      );
    }

    await storeIncoming(incoming.file, storagePath);
    const plan = await planSourceTree(files);

    let status: ImportSnapshotResult["status"] = "unchanged";
    let snapshot = existing;
    if (!snapshot) {
      snapshot = await db.repositorySnapshot
        .create({ data: { repositoryId: repository.id, ...content, image: input.image ?? null } })
        .catch(async (error: unknown) => {
          // Another import of the same repository won the race: identical content is still a no-op.
          const raced = await db.repositorySnapshot.findUnique({ where: { repositoryId: repository.id } });
          if (raced?.sha256 === sha256) return raced;
          if (raced)
            throw new AppError("conflict", `${input.repo} already has a different snapshot (sha256 ${raced.sha256})`);
          throw error;
        });
      status = "created";
    } else if (refusedBecause !== null) {
      snapshot = await replaceSnapshot(snapshot, {
        content,
        image: input.image ?? snapshot.image,
        actorId: admin!.id,
        reason: input.replace!.reason,
        details: { repository: key, from: snapshot.sha256, to: sha256, refused: refusedBecause },
      });
      status = "replaced";
    } else if (snapshot.image === null && input.image !== undefined) {
      // Naming the environment image later does not change the snapshot's content.
      snapshot = await db.repositorySnapshot.update({ where: { id: snapshot.id }, data: { image: input.image } });
    }
    const audited = new Set(plan.audited_files);
    const auditedLines = files
      .filter((f) => audited.has(f.path))
      .reduce((n, f) => n + countLines(f.content.toString("utf8")), 0);
    await storePlan(snapshot.id, plan, auditedLines);
    // Table 6 counts the audited files, lines and passes of the plan.
    await queueDatasheet(benchmark.id);
    return { status, ...summary, passes: plan.passes.length, auditedFiles: plan.audited_files.length };
  } finally {
    await rm(incoming.file, { force: true });
  }
}

async function findAdmin(email: string): Promise<{ id: string }> {
  const user = await db.user.findUnique({ where: { email: email.toLowerCase() }, select: { id: true, role: true } });
  if (!user || user.role !== "admin")
    throw new AppError("forbidden", `Replacing a snapshot needs an admin: ${email} is not an admin's email`);
  return user;
}

/** Why extraction refuses the stored snapshot (with the bounds in force), or null when it extracts. */
async function extractionRefusal(snapshot: { storagePath: string }): Promise<string | null> {
  try {
    await checkSnapshotArchive(path.resolve(env.SNAPSHOT_STORE, snapshot.storagePath), snapshotLimits());
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
}

/** The new content in place of the old, its plans dropped (they were of the old files), with the audit record. */
async function replaceSnapshot(
  snapshot: { id: string },
  change: {
    content: {
      sha256: string;
      storagePath: string;
      fileCount: number;
      lines: number;
      languages: Record<string, number>;
    };
    image: string | null;
    actorId: string;
    reason: string;
    details: Record<string, string>;
  },
) {
  return db.$transaction(async (tx) => {
    await tx.passPlan.deleteMany({ where: { snapshotId: snapshot.id } });
    const updated = await tx.repositorySnapshot.update({
      where: { id: snapshot.id },
      data: { ...change.content, image: change.image },
    });
    await recordAuditLog(tx, {
      actorId: change.actorId,
      action: "snapshot.replace",
      target: `snapshot:${snapshot.id}`,
      reason: change.reason,
      details: change.details,
    });
    return updated;
  });
}

/**
 * The gzipped canonical tar, streamed to a temporary file in the store and checked with the rules extraction applies
 * (lib/snapshots/check-snapshot-archive.ts): what is accepted here extracts.
 */
async function writeIncoming(entries: readonly TreeEntry[], limits: SnapshotLimits) {
  const store = path.resolve(env.SNAPSHOT_STORE);
  await mkdir(store, { recursive: true });
  const file = path.join(store, `.incoming-${process.pid}-${Date.now()}.tar.gz`);
  try {
    const { sha256 } = await writeCanonicalTarGz(entries, file);
    await checkSnapshotArchive(file, limits);
    return { file, sha256 };
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
}

/** Lines of source code per language of the audited kinds (all of a language's files, tests included). */
function sourceLines(files: readonly { path: string; content: Buffer }[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const f of files) {
    const language = languageOf(f.path);
    if (!language) continue;
    const key = language === "tsx" ? "typescript" : language;
    out[key] = (out[key] ?? 0) + countLines(f.content.toString("utf8"));
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** Moves the compressed canonical tar into place once; content-addressed, so an existing file is already right. */
async function storeIncoming(file: string, relative: string): Promise<void> {
  const target = path.resolve(env.SNAPSHOT_STORE, relative);
  if (existsSync(target)) return;
  await mkdir(path.dirname(target), { recursive: true });
  await rename(file, target);
}
