import "server-only";
import { AppError } from "../../errors";
import { computeRepositoryTables, type RepositoryTables } from "../../leaderboard/compute-repository-tables";
import { loadLeaderboardData } from "./load-leaderboard-data";
import type { BenchmarkRef, LeaderboardData } from "../../leaderboard/types";

export type RepositoryTablesResult = {
  benchmark: BenchmarkRef;
  stamp: string;
  data: LeaderboardData;
  tables: RepositoryTables;
};

/** The Tables 12-13 matrices of a benchmark version, from the cached leaderboard data. */
export async function getRepositoryTables(benchmarkRef: string | null | undefined): Promise<RepositoryTablesResult> {
  const data = await loadLeaderboardData(benchmarkRef);
  return { benchmark: data.benchmark, stamp: data.stamp, data, tables: computeRepositoryTables(data) };
}

/** One repository of a version: its info, its row in the tables, and its language group. 404 when unknown. */
export async function getRepositoryDetail(benchmarkRef: string | null | undefined, name: string) {
  const result = await getRepositoryTables(benchmarkRef);
  const repository = result.tables.repositories.find((r) => r.name === name);
  if (!repository) throw new AppError("not_found", `Repository ${name} is not in ${result.benchmark.key}`);
  const group = result.tables.groups.find((g) => g.language === repository.language) ?? null;
  const row = group?.rows.find((r) => r.key === name) ?? null;
  return { ...result, repository, group, row };
}
