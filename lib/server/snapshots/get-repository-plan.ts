import "server-only";
import type { z } from "zod";
import { db } from "../../db";
import { AppError } from "../../errors";
import { PLANNER_VERSION } from "../../planner/plan-passes";
import { passPlanSchema } from "../../validation/pass-plan";
import { resolveBenchmark } from "../public-reads/list-public-benchmarks";
import type { repositoryPlanSchema } from "../../contracts/public-reads";

/** GET /api/v1/repositories/{owner}/{name}/plan's answer, which the repository page shows too. */
export type RepositoryPlan = z.input<typeof repositoryPlanSchema>;

/**
 * The stored snapshot and pass plan of a repository in a benchmark version (the current planner version's plan when
 * stored, else the newest), or null when no snapshot or plan was imported. Reads only: plans are made at import.
 */
export async function findRepositoryPlan(
  benchmarkRef: string | null | undefined,
  name: string,
): Promise<RepositoryPlan | null> {
  const benchmark = await resolveBenchmark(benchmarkRef);
  const repository = await db.repository.findUnique({
    where: { benchmarkId_name: { benchmarkId: benchmark.id, name } },
    include: { snapshot: { include: { plans: { orderBy: { createdAt: "desc" } } } } },
  });
  if (!repository) throw new AppError("not_found", `${name} is not a repository of ${benchmark.key}`);
  const snapshot = repository.snapshot;
  const stored = snapshot?.plans.find((p) => p.plannerVersion === PLANNER_VERSION) ?? snapshot?.plans[0];
  if (!snapshot || !stored) return null;
  return {
    benchmark: benchmark.key,
    repository: repository.name,
    snapshot: {
      sha256: snapshot.sha256,
      files: snapshot.fileCount,
      lines: snapshot.lines,
      languages: snapshot.languages as Record<string, number>,
      image: snapshot.image,
      imported_at: snapshot.createdAt.toISOString(),
    },
    plan: passPlanSchema.parse(stored.plan),
  };
}

/** As findRepositoryPlan, with a 404 that says what is missing. */
export async function getRepositoryPlan(
  benchmarkRef: string | null | undefined,
  name: string,
): Promise<RepositoryPlan> {
  const found = await findRepositoryPlan(benchmarkRef, name);
  if (!found) {
    const key = (await resolveBenchmark(benchmarkRef)).key;
    throw new AppError(
      "not_found",
      `No snapshot or pass plan of ${name} has been imported for ${key} (npx probebench snapshot import)`,
    );
  }
  return found;
}
