import Link from "next/link";
import type { PublicBenchmark } from "@/lib/leaderboard/types";

// Every view is for exactly one benchmark version; this picks which. Plain links, so it works without JavaScript and
// each version has a shareable URL.
export function BenchmarkSelector({
  benchmarks,
  current,
  hrefFor,
}: {
  benchmarks: PublicBenchmark[];
  current: string;
  hrefFor: (b: PublicBenchmark) => string;
}) {
  if (benchmarks.length === 0) return null;
  return (
    <nav className="version-selector" aria-label="Benchmark version">
      <span className="muted">Benchmark version:</span>
      <ul>
        {benchmarks.map((b) => (
          <li key={b.key}>
            <Link href={hrefFor(b)} aria-current={b.key === current ? "page" : undefined} prefetch={false}>
              {b.name} <span className="muted">{b.version}</span>
              <span className="visually-hidden"> ({b.entries} public entries)</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function benchmarkQueryHref(path: string, b: PublicBenchmark): string {
  return `${path}?benchmark=${encodeURIComponent(b.key)}`;
}
