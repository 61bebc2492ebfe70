import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { LeaderboardPage } from "@/components/leaderboard/leaderboard-page";
import { AppError } from "@/lib/errors";
import { resolveBenchmark } from "@/lib/server/leaderboard/list-public-benchmarks";

// The leaderboard of one benchmark version, cached like the home page (see app/page.tsx for why). No version is
// rendered at build time; each is rendered on its first request and then revalidated in the background.
export const revalidate = 30;
export const dynamic = "force-static";
export const dynamicParams = true;

export async function generateStaticParams(): Promise<{ slug: string; version: string }[]> {
  return [];
}

type Params = { params: Promise<{ slug: string; version: string }> };

async function refOf(params: Params["params"]): Promise<string> {
  const { slug, version } = await params;
  const ref = `${decodeURIComponent(slug)}@${decodeURIComponent(version)}`;
  try {
    await resolveBenchmark(ref);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
  return ref;
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  return { title: `Leaderboard ${await refOf(params)}` };
}

export default async function VersionLeaderboardPage({ params }: Params) {
  return <LeaderboardPage benchmarkRef={await refOf(params)} />;
}
