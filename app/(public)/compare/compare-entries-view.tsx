import Link from "next/link";
import { DASH } from "@/lib/format";
import { DownloadLinks } from "@/components/ui/download-links";
import { ReferenceBugLink } from "@/components/ui/reference-bug-link";
import { CaptionedTable } from "@/components/ui/captioned-table";
import type { PublicBenchmark } from "@/lib/leaderboard/types";
import type { EntriesComparisonView } from "@/lib/server/workbench/compare-entries";

// Compare public entries of one version (docs/workbench.md): plain GET forms (a chosen set is a shareable link and
// works without JavaScript), the chosen entries' reference bugs, and the overlap of every pair.

type Entry = EntriesComparisonView["entries"][number];
type Bug = NonNullable<EntriesComparisonView["selection"]>["found_by_all"][number];

const entryLabel = (e: Pick<Entry, "model" | "reasoning_effort" | "harness">) =>
  [e.model, e.reasoning_effort, e.harness].filter(Boolean).join(" · ");

function BugList({ bugs, benchmark }: { bugs: Bug[]; benchmark: string }) {
  if (bugs.length === 0) return <p className="muted">None.</p>;
  return (
    <ul className="plain-list">
      {bugs.map((b) => (
        <li key={`${b.repo}/${b.id}`}>
          {b.repo} <ReferenceBugLink repo={b.repo} id={b.id} benchmark={benchmark} />
          {b.title && <> {b.title}</>}
        </li>
      ))}
    </ul>
  );
}

function VersionForm({ versions, current }: { versions: PublicBenchmark[]; current: string }) {
  return (
    <form action="/compare" method="get" className="filters" aria-label="Choose a benchmark version">
      <div className="field">
        <label htmlFor="compare-benchmark">Benchmark version</label>
        <select id="compare-benchmark" name="benchmark" defaultValue={current}>
          {versions.map((v) => (
            <option key={v.key} value={v.key}>
              {v.key} ({v.verified} verified)
            </option>
          ))}
        </select>
      </div>
      <button type="submit">Show</button>
    </form>
  );
}

function EntryPicker({ view, chosen }: { view: EntriesComparisonView; chosen: readonly string[] }) {
  return (
    <form action="/compare" method="get" aria-label="Choose entries to compare">
      <input type="hidden" name="benchmark" value={view.benchmark} />
      <fieldset>
        <legend>Entries to compare (two or more)</legend>
        {view.entries.map((e, i) => (
          <label className="check" key={e.id}>
            <input type="checkbox" name="entry" value={e.id} defaultChecked={chosen.includes(e.id)} /> #{i + 1}{" "}
            {entryLabel(e)} ({e.found} found)
          </label>
        ))}
      </fieldset>
      <button type="submit">Compare</button>
    </form>
  );
}

function OverlapMatrix({ view }: { view: EntriesComparisonView }) {
  const cell = new Map(view.overlap.flatMap((p) => [[`${p.a} ${p.b}`, p] as const, [`${p.b} ${p.a}`, p] as const]));
  return (
    <CaptionedTable
      caption="Reference bugs both entries found (Jaccard index), by each entry's first run; the diagonal is what each found"
      columns={view.entries.length + 1}
      empty={false}
      head={
        <>
          <th scope="col">Entry</th>
          {view.entries.map((e, i) => (
            <th scope="col" className="num" key={e.id} title={entryLabel(e)}>
              #{i + 1}
            </th>
          ))}
        </>
      }
    >
      {view.entries.map((row, i) => (
        <tr key={row.id}>
          <th scope="row">
            #{i + 1} {entryLabel(row)}
          </th>
          {view.entries.map((col) => {
            if (col.id === row.id)
              return (
                <td className="num" key={col.id}>
                  <strong>{row.found}</strong>
                </td>
              );
            const p = cell.get(`${row.id} ${col.id}`)!;
            return (
              <td className="num" key={col.id}>
                {p.both} ({p.jaccard === null ? DASH : p.jaccard.toFixed(2)})
              </td>
            );
          })}
        </tr>
      ))}
    </CaptionedTable>
  );
}

export function CompareEntriesView({
  view,
  versions,
  chosen,
}: {
  view: EntriesComparisonView;
  versions: PublicBenchmark[];
  chosen: readonly string[];
}) {
  const api = `/api/v1/compare/entries?benchmark=${encodeURIComponent(view.benchmark)}`;
  const byId = new Map(view.entries.map((e) => [e.id, e]));
  const s = view.selection;
  return (
    <>
      <h1>Compare entries of {view.benchmark}</h1>
      <p className="lede">
        Which of the {view.reference_bugs} reference bugs public verified entries found, each by its first run.
        {!view.details_visible && " Reference texts of this version are hidden: bugs appear by id only."}
      </p>
      <VersionForm versions={versions} current={view.benchmark} />
      {view.entries.length < 2 ? (
        <p className="card empty-state">
          {view.benchmark} has {view.entries.length === 0 ? "no public verified entries" : "one public verified entry"}{" "}
          yet: there is nothing to compare. <Link href="/">Back to the leaderboard</Link>.
        </p>
      ) : (
        <>
          <EntryPicker view={view} chosen={chosen} />
          {s ? (
            <>
              <section aria-labelledby="found-by-all-heading">
                <h2 id="found-by-all-heading">
                  Found by all {s.entries.length} ({s.found_by_all.length})
                </h2>
                <BugList bugs={s.found_by_all} benchmark={view.benchmark} />
              </section>
              {s.entries.map((id) => (
                <section key={id} aria-labelledby={`only-${id}-heading`}>
                  <h2 id={`only-${id}-heading`}>
                    Only {entryLabel(byId.get(id)!)} found ({s.only[id]!.length})
                  </h2>
                  <BugList bugs={s.only[id]!} benchmark={view.benchmark} />
                </section>
              ))}
              <section aria-labelledby="found-by-none-heading">
                <h2 id="found-by-none-heading">Found by none of them ({s.found_by_none.length})</h2>
                <BugList bugs={s.found_by_none} benchmark={view.benchmark} />
              </section>
              <DownloadLinks
                api={`${api}&entries=${s.entries.map(encodeURIComponent).join(",")}`}
                label="Download the chosen entries"
              />
            </>
          ) : (
            <p className="card empty-state">
              Tick two or more entries and press Compare to see what each found that the others missed.
            </p>
          )}
          <h2 id="overlap-heading">Overlap of every pair</h2>
          <OverlapMatrix view={view} />
          <DownloadLinks api={api} label="Download the overlap" />
        </>
      )}
    </>
  );
}
