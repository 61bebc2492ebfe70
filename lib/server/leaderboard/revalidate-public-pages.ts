import { revalidatePath } from "next/cache";

/**
 * For in-process writers (an admin's approve/reject action, a maintainer's override): drops this web instance's
 * cached leaderboard HTML so its next request renders fresh numbers. Other instances do not need it for
 * correctness: pages check the data stamp from the browser and swap in newer numbers (see app/page.tsx), and their
 * HTML catches up within `revalidate` seconds. Only callable inside a Next request (server action, route handler).
 */
export function revalidatePublicPages(benchmark?: { slug: string; version: string }): void {
  revalidatePath("/");
  if (benchmark) revalidatePath(`/leaderboard/${encodeURIComponent(benchmark.slug)}/${encodeURIComponent(benchmark.version)}`);
}
