import type { Metadata } from "next";
import Link from "next/link";
import { requirePageStaff } from "@/lib/server/auth/current-user";
import { listPublicBenchmarks } from "@/lib/server/public-reads/list-public-benchmarks";
import { listLabelPairs } from "@/lib/server/grading/label-pairs";
import { listGradingPanels } from "@/lib/server/grading/grade-panels";
import { listReferenceAudits } from "@/lib/server/grading/mark-references";
import { loadOr404 } from "@/components/workbench/load-or-404";
import { BenchmarkSelector, benchmarkQueryHref } from "@/components/benchmark-selector";
import { GRADING_QUEUES, GradingNav } from "@/components/grading/grading-nav";
import { scrollRegion } from "@/components/ui/scroll-region";

// Grading (docs/grading.md): people grade what the LLM judges decided, blind. The three queues of one version, with
// what each measures, what it needs before it has work, and how much of it the caller has left.
export const metadata: Metadata = { title: "Grading", robots: { index: false } };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function GradingPage({ searchParams }: Props) {
  const user = await requirePageStaff("/grading");
  const params = await searchParams;
  const benchmarks = await listPublicBenchmarks();
  const current = (typeof params.benchmark === "string" && params.benchmark) || benchmarks[0]?.key;
  if (!current) return <p className="card empty-state">Import a benchmark version first.</p>;
  const query = { benchmark: current };
  const [{ pairs }, { panels }, { audits }] = await Promise.all([
    loadOr404(() => listLabelPairs(user, query)),
    loadOr404(() => listGradingPanels(user, query)),
    loadOr404(() => listReferenceAudits(user, query)),
  ]);
  const left = {
    pairs: { left: pairs.filter((p) => p.my_label === null).length, of: pairs.length, unit: "pairs" },
    panels: {
      left: panels.reduce((n, p) => n + p.sampled - p.graded_by_me, 0),
      of: panels.reduce((n, p) => n + p.sampled, 0),
      unit: "sampled findings",
    },
    references: {
      left: audits.reduce((n, a) => n + a.items - a.marked_by_me, 0),
      of: audits.reduce((n, a) => n + a.items, 0),
      unit: "reference bugs",
    },
  };
  return (
    <>
      <h1>Grading</h1>
      <GradingNav current="all" benchmark={current} admin={user.role === "admin"} />
      <p className="lede">
        People grade what the LLM judges decided, blind, and the judges&apos; measured quality is published beside the
        numbers they produce on{" "}
        <Link href={`/method?benchmark=${encodeURIComponent(current)}#judges`}>the method page</Link>.
      </p>
      <BenchmarkSelector benchmarks={benchmarks} current={current} hrefFor={(b) => benchmarkQueryHref("/grading", b)} />
      <div className="table-wrap" {...scrollRegion("Grading queues")}>
        <table data-testid="grading-queues">
          <caption className="visually-hidden">Grading queues</caption>
          <thead>
            <tr>
              <th scope="col">Queue</th>
              <th scope="col">What it measures</th>
              <th scope="col">What it needs</th>
              <th scope="col" className="num">
                Left for you
              </th>
            </tr>
          </thead>
          <tbody>
            {GRADING_QUEUES.map((q) => (
              <tr key={q.key}>
                <td>
                  <Link href={`/grading/${q.key}?benchmark=${encodeURIComponent(current)}`}>{q.text}</Link>
                </td>
                <td>{q.what}</td>
                <td>{q.needs}</td>
                <td className="num">
                  {left[q.key].left} of {left[q.key].of} {left[q.key].unit}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
