import type { Metadata } from "next";
import Link from "next/link";
import { requirePageStaff } from "@/lib/server/auth/current-user";
import { listPublicBenchmarks } from "@/lib/server/public-reads/list-public-benchmarks";
import { listReferenceAudits } from "@/lib/server/grading/mark-references";
import { loadOr404 } from "@/components/workbench/load-or-404";
import { BenchmarkSelector, benchmarkQueryHref } from "@/components/benchmark-selector";
import { GradingNav } from "@/components/grading/grading-nav";
import { DrawForm } from "@/components/grading/judgement-forms";
import { formatUtc } from "@/lib/format";

// Auditing the reference set (§2.2): seeded samples of reference bugs, marked valid / invalid / unsure.
export const metadata: Metadata = { title: "Audit the reference set", robots: { index: false } };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ReferenceAuditsPage({ searchParams }: Props) {
  const user = await requirePageStaff("/grading/references");
  const params = await searchParams;
  const benchmarks = await listPublicBenchmarks();
  const current = (typeof params.benchmark === "string" && params.benchmark) || benchmarks[0]?.key;
  if (!current) return <p className="card empty-state">Import a benchmark version first.</p>;
  const { audits } = await loadOr404(() => listReferenceAudits(user, { benchmark: current }));
  return (
    <>
      <h1>Audit the reference set</h1>
      <GradingNav current="references" benchmark={current} admin={user.role === "admin"} />
      <p className="lede">
        Is each sampled reference bug a real defect that was present in the snapshot? Mark it valid, invalid or unsure
        with a reason. Another auditor&apos;s marks on a bug appear once yours is saved, so audits stay independent; the
        agreement of the human audit with the false-positive auditor&apos;s marks (Cohen&apos;s kappa, as §2.2) is on{" "}
        <Link href={`/method?benchmark=${encodeURIComponent(current)}#judges`}>the method page</Link>. A mark never
        changes a score.
      </p>
      <BenchmarkSelector
        benchmarks={benchmarks}
        current={current}
        hrefFor={(b) => benchmarkQueryHref("/grading/references", b)}
      />
      <h2>Draw a sample</h2>
      <p className="muted small">
        Spread over the repositories in proportion to their reference bugs, by a recorded seed.
      </p>
      <DrawForm draw="reference-bugs" benchmark={current} noun="sample" defaultSize={100} />
      {audits.length === 0 ? (
        <p className="card empty-state">
          No audit yet: draw a sample of 100 and mark each bug to see how valid the set is.
        </p>
      ) : (
        <ul>
          {audits.map((a) => (
            <li key={a.id}>
              <Link href={`/grading/references/${a.id}`}>
                {formatUtc(a.created_at, "minute")}, seed {a.seed}
              </Link>
              : {a.items} bugs, {a.marked_by_me} marked by you
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
