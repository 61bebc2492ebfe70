import type { Metadata } from "next";
import Link from "next/link";
import { requirePageStaff } from "@/lib/server/auth/current-user";
import { listPublicBenchmarks } from "@/lib/server/public-reads/list-public-benchmarks";
import { listGradingPanels } from "@/lib/server/grading/grade-panels";
import { readPanelConfig } from "@/lib/llm/panel-attribution-config";
import { loadOr404 } from "@/components/workbench/load-or-404";
import { BenchmarkSelector, benchmarkQueryHref } from "@/components/benchmark-selector";
import { GradingNav } from "@/components/grading/grading-nav";
import { scrollRegion } from "@/components/ui/scroll-region";

// Blind grading of panel samples (Table 15): the finished panels of a version under opaque ids.
export const metadata: Metadata = { title: "Grade panel samples", robots: { index: false } };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function GradePanelsPage({ searchParams }: Props) {
  const user = await requirePageStaff("/grading/panels");
  const params = await searchParams;
  const benchmarks = await listPublicBenchmarks();
  const current = (typeof params.benchmark === "string" && params.benchmark) || benchmarks[0]?.key;
  if (!current) return <p className="card empty-state">Import a benchmark version first.</p>;
  const { panels } = await loadOr404(() => listGradingPanels(user, { benchmark: current }));
  const panel = readPanelConfig();
  return (
    <>
      <h1>Grade panel samples</h1>
      <GradingNav current="panels" benchmark={current} admin={user.role === "admin"} />
      <p className="lede">
        Grade each finding a panel sampled as confirmed (a real bug on supported input), rejected or unsure, before you
        see the panel&apos;s verdicts. Panels are named by opaque ids: the model, harness, submitter and the
        panel&apos;s verdicts appear once you have graded every finding of a sample. A second grader is compared with
        the first (Cohen&apos;s kappa) on{" "}
        <Link href={`/method?benchmark=${encodeURIComponent(current)}#judges`}>the method page</Link>.
      </p>
      <BenchmarkSelector
        benchmarks={benchmarks}
        current={current}
        hrefFor={(b) => benchmarkQueryHref("/grading/panels", b)}
      />
      {panels.length === 0 ? (
        <p className="card empty-state">
          No finished panel in this version yet: run a panel on a scored submission (its page, Panel), then grade its
          sample here to see how far the panel agrees with people.
          {panel.ok ? "" : ` The panel is off on this server: ${panel.message}`}
        </p>
      ) : (
        <div className="table-wrap" {...scrollRegion("Panels to grade")}>
          <table data-testid="grading-panels">
            <caption className="visually-hidden">Panels to grade</caption>
            <thead>
              <tr>
                <th scope="col">Panel</th>
                <th scope="col" className="num">
                  Sampled
                </th>
                <th scope="col" className="num">
                  Graded by you
                </th>
                <th scope="col" className="num">
                  Graders
                </th>
              </tr>
            </thead>
            <tbody>
              {panels.map((p, i) => (
                <tr key={p.id}>
                  <td>
                    <Link href={`/grading/panels/${p.id}`}>Sample {i + 1}</Link>
                  </td>
                  <td className="num">{p.sampled}</td>
                  <td className="num">{p.graded_by_me}</td>
                  <td className="num">{p.graders}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
