import type { Metadata } from "next";
import { LeaderboardPage } from "@/components/leaderboard/leaderboard-page";
import { resolveBenchmark } from "@/lib/server/public-reads/list-public-benchmarks";
import { orNotFound } from "@/app/or-not-found";

// The leaderboard of one benchmark version, rendered and cached like the home page (see app/page.tsx).

type Params = {
  params: Promise<{ slug: string; version: string }>;
  searchParams: Promise<{ as_of?: string | string[] }>;
};

async function refOf(params: Params["params"]): Promise<string> {
  const { slug, version } = await params;
  const ref = `${decodeURIComponent(slug)}@${decodeURIComponent(version)}`;
  await orNotFound(resolveBenchmark(ref));
  return ref;
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  return { title: `Leaderboard ${await refOf(params)}` };
}

export default async function VersionLeaderboardPage({ params, searchParams }: Params) {
  return <LeaderboardPage benchmarkRef={await refOf(params)} asOfParam={(await searchParams).as_of} />;
}
