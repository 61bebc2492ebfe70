import { existsSync } from "node:fs";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { db } from "../../db";
import { env } from "../../env";
import { AppError } from "../../errors";
import { planSourceTree } from "../../planner/plan-source-tree";
import { countLines, languageOf } from "../../planner/select-files";
import { findBenchmark } from "../benchmarks/import-benchmark";
import { packCanonicalTar, sha256Hex } from "../../snapshots/canonical-tar";
import { readSourceTree, type TreeEntry } from "../../snapshots/read-source-tree";
import { snapshotLimits } from "./snapshot-limits";
import { storePlan } from "./store-plan";

export type ImportSnapshotInput = { benchmark: string; repo: string; source: string; image?: string };
export type ImportSnapshotResult = {
  status: "created" | "unchanged";
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
 * the current planner version is added if missing); different content for the same repository and version is refused.
 */
export async function importSnapshot(input: ImportSnapshotInput): Promise<ImportSnapshotResult> {
  const benchmark = await findBenchmark(input.benchmark);
  if (!benchmark) throw new AppError("not_found", `Unknown benchmark version "${input.benchmark}"`);
  const repository = await db.repository.findUnique({
    where: { benchmarkId_name: { benchmarkId: benchmark.id, name: input.repo } },
  });
  if (!repository)
    throw new AppError("not_found", `${input.repo} is not a repository of ${benchmark.slug}@${benchmark.version}`);

  const tree = await readSourceTree(input.source, snapshotLimits());
  const files = tree.entries.filter((e): e is Extract<TreeEntry, { type: "file" }> => e.type === "file");
  if (files.length === 0) throw new AppError("invalid_input", `${input.source} holds no files`);
  const tar = await packCanonicalTar(tree.entries);
  const sha256 = sha256Hex(tar);
  const languages = sourceLines(files);
  const lines = Object.values(languages).reduce((n, l) => n + l, 0);
  const summary = { sha256, files: files.length, lines, languages, removedHistoryEntries: tree.removedHistoryEntries };

  const existing = await db.repositorySnapshot.findUnique({ where: { repositoryId: repository.id } });
  if (existing && existing.sha256 !== sha256) {
    throw new AppError(
      "conflict",
      `${input.repo} in ${benchmark.slug}@${benchmark.version} already has a different snapshot (sha256 ${existing.sha256}): a version's snapshots never change`,
    );
  }
  if (existing && input.image !== undefined && existing.image !== null && existing.image !== input.image) {
    throw new AppError(
      "conflict",
      `The snapshot of ${input.repo} already names the environment image ${existing.image}`,
    );
  }

  const storagePath = `${sha256.slice(0, 2)}/${sha256}.tar.gz`;
  await storeTar(storagePath, tar);
  const plan = await planSourceTree(files);

  let status: ImportSnapshotResult["status"] = "unchanged";
  let snapshot = existing;
  if (!snapshot) {
    snapshot = await db.repositorySnapshot
      .create({
        data: {
          repositoryId: repository.id,
          sha256,
          storagePath,
          fileCount: files.length,
          lines,
          languages,
          image: input.image ?? null,
        },
      })
      .catch(async (error: unknown) => {
        // Another import of the same repository won the race: identical content is still a no-op.
        const raced = await db.repositorySnapshot.findUnique({ where: { repositoryId: repository.id } });
        if (raced?.sha256 === sha256) return raced;
        if (raced)
          throw new AppError("conflict", `${input.repo} already has a different snapshot (sha256 ${raced.sha256})`);
        throw error;
      });
    status = "created";
  } else if (snapshot.image === null && input.image !== undefined) {
    // Naming the environment image later does not change the snapshot's content.
    snapshot = await db.repositorySnapshot.update({ where: { id: snapshot.id }, data: { image: input.image } });
  }
  const audited = new Set(plan.audited_files);
  const auditedLines = files
    .filter((f) => audited.has(f.path))
    .reduce((n, f) => n + countLines(f.content.toString("utf8")), 0);
  await storePlan(snapshot.id, plan, auditedLines);
  return { status, ...summary, passes: plan.passes.length, auditedFiles: plan.audited_files.length };
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

/** Writes the compressed canonical tar once; content-addressed, so an existing file is already right. */
async function storeTar(relative: string, tar: Buffer): Promise<void> {
  const target = path.resolve(env.SNAPSHOT_STORE, relative);
  if (existsSync(target)) return;
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temporary, await promisify(gzip)(tar, { level: 9 }));
  await rename(temporary, target);
}
