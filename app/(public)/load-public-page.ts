import "server-only";
import { listPublicBenchmarks } from "@/lib/server/public-reads/list-public-benchmarks";
import { orNotFound } from "@/app/or-not-found";

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
  return { benchmarks, value: await orNotFound(load()) };
}
