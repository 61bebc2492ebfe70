import "server-only";
import { notFound } from "next/navigation";
import { AppError } from "@/lib/errors";
import { listPublicBenchmarks } from "@/lib/server/leaderboard/list-public-benchmarks";

/** The `?benchmark=` value of a page's search params (first value if repeated). */
export function benchmarkParam(searchParams: Record<string, string | string[] | undefined>): string | null {
  const value = searchParams.benchmark;
  return (Array.isArray(value) ? value[0] : value) || null;
}

/**
 * Runs a page loader with the list of versions for the selector. Unknown versions and names become the 404 page;
 * no imported benchmark at all becomes `null`, which pages show as their empty state.
 */
export async function loadPublicPage<T>(load: () => Promise<T>) {
  const benchmarks = await listPublicBenchmarks();
  if (benchmarks.length === 0) return null;
  try {
    return { benchmarks, value: await load() };
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
}
