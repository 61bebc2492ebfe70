import "server-only";
import { db } from "../../db";
import { env } from "../../env";
import type { SarifContext } from "../../validation/sarif";

/**
 * What an upload to a benchmark version is checked against. `context`, for SARIF conversion: the repositories and, per
 * repository, the files absolute result paths are mapped to: the imported snapshot's source files (its newest pass
 * plan lists every file of the audited languages, audited or excluded), else the files its reference bugs name.
 * `snapshotFiles`: only the complete lists, the snapshots' (an upload whose findings name none of these files is
 * refused, lib/validation/known-paths.ts).
 */
export async function loadRepositoryFiles(
  benchmarkId: string,
): Promise<{ context: SarifContext; snapshotFiles: Map<string, Set<string>> }> {
  const [repositories, plans, bugFiles] = await Promise.all([
    db.repository.findMany({ where: { benchmarkId }, select: { id: true, name: true } }),
    // Only the two file lists are read out of each plan (the call graph can be large).
    db.$queryRaw<{ repositoryId: string; audited: unknown; excluded: unknown }[]>`
      SELECT DISTINCT ON (s."repositoryId") s."repositoryId",
        p.plan->'audited_files' AS audited,
        jsonb_path_query_array(p.plan, '$.excluded[*].file') AS excluded
      FROM "PassPlan" p
      JOIN "RepositorySnapshot" s ON s.id = p."snapshotId"
      JOIN "Repository" r ON r.id = s."repositoryId"
      WHERE r."benchmarkId" = ${benchmarkId}
      ORDER BY s."repositoryId", p."createdAt" DESC`,
    db.referenceBug.findMany({
      where: { repository: { benchmarkId } },
      distinct: ["repositoryId", "file"],
      select: { repositoryId: true, file: true },
    }),
  ]);
  const strings = (value: unknown) =>
    Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  const files: Record<string, string[]> = {};
  const names = new Map(repositories.map((r) => [r.id, r.name]));
  for (const plan of plans) {
    const name = names.get(plan.repositoryId);
    if (name) files[name] = [...strings(plan.audited), ...strings(plan.excluded)];
  }
  for (const bug of bugFiles) {
    const name = names.get(bug.repositoryId);
    if (!name || plans.some((p) => p.repositoryId === bug.repositoryId)) continue;
    (files[name] ??= []).push(bug.file);
  }
  const snapshotFiles = new Map<string, Set<string>>();
  for (const plan of plans) {
    const name = names.get(plan.repositoryId);
    if (name) snapshotFiles.set(name, new Set(files[name]));
  }
  return {
    context: { repositories: repositories.map((r) => r.name), files, maxTextChars: env.UPLOAD_MAX_BYTES },
    snapshotFiles,
  };
}
