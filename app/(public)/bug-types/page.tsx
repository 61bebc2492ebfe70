import type { Metadata } from "next";
import { BenchmarkSelector, benchmarkQueryHref } from "@/components/benchmark-selector";
import { count, DASH, pct, pctInterval } from "@/lib/format";
import { benchmarkParam, loadPublicPage } from "@/app/(public)/load-public-page";
import { loadBugTypes, type Distribution, type DistributionRow } from "@/lib/server/leaderboard/load-bug-types";
import { CaptionedTable } from "@/components/ui/captioned-table";
import { DistanceSection } from "@/components/analyses/distance-section";

export const metadata: Metadata = { title: "Bug types" };
export const dynamic = "force-dynamic";

function Bars({ row, max }: { row: DistributionRow; max: number }) {
  const width = (v: number | null) => `${v === null || max === 0 ? 0 : Math.max(2, (120 * v) / max)}px`;
  return (
    <td aria-hidden="true" className="bars">
      <span className="bar human" style={{ width: width(row.humanShare) }} />
      <br />
      <span className="bar agent" style={{ width: width(row.agentShare) }} />
    </td>
  );
}

function DistributionTable({ rows, first, caption, showFamily }: { rows: DistributionRow[]; first: string; caption: string; showFamily: boolean }) {
  const max = Math.max(0, ...rows.flatMap((r) => [r.humanShare ?? 0, r.agentShare ?? 0]));
  return (
    <CaptionedTable
      caption={caption}
      columns={showFamily ? 7 : 6}
      empty={rows.length === 0 && "No categorised bugs or findings yet."}
      head={
        <>
          <th scope="col">{first}</th>
          {showFamily && <th scope="col">Family</th>}
          <th scope="col" className="num">Maintainers %</th>
          <th scope="col" className="num">Agents %</th>
          <th scope="col" className="num">Agent range %</th>
          <th scope="col" className="num">Gap (pp)</th>
          <th scope="col"><span className="visually-hidden">Bars</span><span aria-hidden="true"><span className="bar human" style={{ width: 10 }} /> maint. <span className="bar agent" style={{ width: 10 }} /> agents</span></th>
        </>
      }
    >
      {rows.map((r) => (
        <tr key={r.name}>
          <th scope="row" className="wrap">{r.name}</th>
          {showFamily && <td className="wrap">{r.family ?? <span className="muted">{DASH}</span>}</td>}
          <td className="num">{pct(r.humanShare)}{r.humanN !== null && <span className="muted small"> ({count(r.humanN)})</span>}</td>
          <td className="num">{pct(r.agentShare)}</td>
          <td className="num">{r.agentRange ? pctInterval(r.agentRange) : DASH}</td>
          <td className={`num ${r.gap === null ? "" : r.gap > 0 ? "gap-pos" : "gap-neg"}`}>{r.gap === null ? DASH : `${r.gap > 0 ? "+" : ""}${(100 * r.gap).toFixed(1)}`}</td>
          <Bars row={r} max={max} />
        </tr>
      ))}
    </CaptionedTable>
  );
}

function Section({ d, title, source }: { d: Distribution; title: string; source: string }) {
  return (
    <section>
      <h2>{title}</h2>
      <p className="muted">{source}</p>
      <DistributionTable
        rows={d.categories}
        first="Bug type"
        showFamily
        caption="Share of each bug type among maintainer-fixed reference bugs and among agent findings (mean over configurations), sorted by the gap: over-represented in agent findings first."
      />
      <h3>Trigger levels</h3>
      <DistributionTable rows={d.triggers} first="What it takes to observe the bug" showFamily={false} caption="Share of each trigger level among reference bugs and agent findings." />
      {d.notes && <p className="muted small">{d.notes}</p>}
    </section>
  );
}

export default async function BugTypesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const ref = benchmarkParam(await searchParams);
  const page = await loadPublicPage(() => loadBugTypes(ref));
  if (!page) return <p className="card empty-state">No benchmark version has been imported yet.</p>;
  const { benchmark, stored, reported } = page.value;
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Bug types</h1>
          <p className="lede">
            Do agents report the kinds of bugs maintainers fix? Each bug type&apos;s share among the reference bugs of {benchmark.name} {benchmark.version} next to its
            share among agent findings. Categories come from the benchmark&apos;s taxonomy: as given where a reference bug or finding carries one (a submitter&apos;s
            own category is labelled self-reported in the note below), else attributed by an LLM with a versioned prompt. Also as JSON or CSV:{" "}
            <a href={`/api/v1/bug-types?benchmark=${encodeURIComponent(benchmark.key)}`}>JSON</a>, <a href={`/api/v1/bug-types?benchmark=${encodeURIComponent(benchmark.key)}&format=csv`}>CSV</a>.
          </p>
        </div>
        <BenchmarkSelector benchmarks={page.benchmarks} current={benchmark.key} hrefFor={(b) => benchmarkQueryHref("/bug-types", b)} />
      </div>
      {stored && (
        <Section
          d={stored}
          title="Scored here"
          source={`${count(stored.humanTotal)} categorised reference bugs; ${
            stored.agentConfigurations
              ? `agents: the first run of ${count(stored.agentConfigurations)} public verified configuration${stored.agentConfigurations === 1 ? "" : "s"} whose findings carry a category.`
              : "no public verified configuration has findings with a category yet (findings name it in their optional category field)."
          }`}
        />
      )}
      {stored && <DistanceSection benchmark={benchmark.key} />}
      {reported && <Section d={reported} title="As published" source="Figures transcribed from the publication (reported, not recomputed here); the publication lists only some of its categories." />}
      {!stored && !reported && <p className="card empty-state">No reference bug or finding of this version carries a bug type yet.</p>}
    </>
  );
}
