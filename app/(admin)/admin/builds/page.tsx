import type { Metadata } from "next";
import Link from "next/link";
import { requirePageAdmin } from "@/lib/server/auth/current-user";
import { listBuilds } from "@/lib/server/benchmark-builds/build-view";
import { StartBuildForm } from "@/components/benchmark-builds/start-build-form";
import { formatUtc } from "@/lib/format";
import { ColumnTable } from "@/components/ui/column-table";

// Benchmark builds (docs/building-benchmarks.md): a version built from a repository's history with the paper's
// collection pipeline, stage by stage.
export const metadata: Metadata = { title: "Benchmark builds", robots: { index: false } };
export const dynamic = "force-dynamic";

export default async function BuildsPage() {
  await requirePageAdmin("/admin/builds");
  const { builds } = await listBuilds();
  return (
    <>
      <h1>Benchmark builds</h1>
      <p className="lede">
        Build a new benchmark version from a repository&apos;s history: bug-fix commits after the snapshot T0 and before
        the window end T1, their bugs anchored to T0, checked, written up, deduplicated and audited (the paper&apos;s
        §2.1 and Table 1). The cost is estimated once the commits are listed; above the budget an admin approves it.
      </p>
      <ColumnTable
        caption="Builds, newest first"
        columns={["Version", "Status", "T0", "T1", "Spent", "Started"]}
        empty={builds.length === 0 && "No build yet."}
      >
        {builds.map((b) => (
          <tr key={b.id}>
            <td>
              <Link href={`/admin/builds/${b.id}`}>{b.key}</Link>
            </td>
            <td>{b.status}</td>
            <td>{b.snapshot}</td>
            <td>{b.window_end}</td>
            <td>${b.spent_usd.toFixed(2)}</td>
            <td>{formatUtc(b.created_at)}</td>
          </tr>
        ))}
      </ColumnTable>
      <h2>Start a build</h2>
      <StartBuildForm />
    </>
  );
}
