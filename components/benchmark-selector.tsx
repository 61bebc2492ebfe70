import Link from "next/link";
import type { PublicBenchmark } from "@/lib/leaderboard/types";

/** Versions listed inline; more are folded into a disclosure. */
const INLINE_VERSIONS = 4;

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
  const list = (
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
  );
  // A few versions read as a row of links; more fold into a disclosure that opens over the page, so a site with many
  // versions does not push the board off the first screen.
  if (benchmarks.length <= INLINE_VERSIONS)
    return (
      <nav className="version-selector" aria-label="Benchmark version">
        <span className="muted">Benchmark version:</span>
        {list}
      </nav>
    );
  const chosen = benchmarks.find((b) => b.key === current);
  return (
    <nav className="version-selector folded" aria-label="Benchmark version">
      <details>
        <summary>
          <span className="muted">Benchmark version:</span>{" "}
          {chosen ? (
            <>
              {chosen.name} <span className="muted">{chosen.version}</span>
            </>
          ) : (
            "choose"
          )}{" "}
          <span className="muted">({benchmarks.length} versions)</span>
        </summary>
        {list}
      </details>
    </nav>
  );
}

export function benchmarkQueryHref(path: string, b: PublicBenchmark): string {
  return `${path}?benchmark=${encodeURIComponent(b.key)}`;
}
