import type { Metadata } from "next";
import Link from "next/link";
import { ColumnTable, numericColumns } from "@/components/ui/column-table";
import { count } from "@/lib/format";
import { listPublicBenchmarks } from "@/lib/server/public-reads/list-public-benchmarks";

export const metadata: Metadata = { title: "Benchmarks" };
export const dynamic = "force-dynamic";

// Every benchmark version with its leaderboard and its datasheet (what the reference set is made of).
export default async function BenchmarksPage() {
  const benchmarks = await listPublicBenchmarks();
  return (
    <>
      <h1>Benchmarks</h1>
      <p className="lede">
        Each version&apos;s datasheet shows its collection pipeline, its repositories, when the reference bugs were
        fixed and how many more bugs its snapshots may hold, computed from the version&apos;s data.
      </p>
      <ColumnTable
        label="Benchmark versions"
        caption="Benchmark versions"
        captionClassName="visually-hidden"
        columns={["Version", "Snapshot", ...numericColumns("Public entries"), "Datasheet"]}
        empty={benchmarks.length === 0 && "No benchmark version has been imported yet."}
      >
        {benchmarks.map((b) => {
          const path = `${encodeURIComponent(b.slug)}/${encodeURIComponent(b.version)}`;
          return (
            <tr key={b.key}>
              <th scope="row">
                <Link href={`/leaderboard/${path}`}>
                  {b.name} {b.version}
                </Link>{" "}
                <code className="small">{b.key}</code>
              </th>
              <td>{b.snapshotDate}</td>
              <td className="num">{count(b.entries)}</td>
              <td>
                <Link href={`/benchmarks/${path}`}>Datasheet</Link>
              </td>
            </tr>
          );
        })}
      </ColumnTable>
    </>
  );
}
