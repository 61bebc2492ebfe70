import "server-only";
import { notFound } from "next/navigation";
import { AppError } from "@/lib/errors";
import { listPublicBenchmarks } from "@/lib/server/leaderboard/list-public-benchmarks";

/** A search param's first value when it is repeated; an empty one reads as absent. */
export function firstParam(value: string | string[] | undefined): string | undefined {
  return (Array.isArray(value) ? value[0] : value) || undefined;
}

/** The `?benchmark=` value of a page's search params (first value if repeated). */
export function benchmarkParam(searchParams: Record<string, string | string[] | undefined>): string | null {
  return firstParam(searchParams.benchmark) ?? null;
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
