import type { Metadata } from "next";
import Link from "next/link";
import { count, formatUtc } from "@/lib/format";
import { getDatasheet } from "@/lib/server/datasheet/get-datasheet";
import { DownloadLinks } from "@/components/ui/download-links";
import { PrecisionCeilingNote } from "@/components/analyses/precision-ceiling";
import { CalendarHeatmap, CalendarLineChart, PositionDensityChart } from "@/components/datasheet/datasheet-charts";
import {
  FitsTable,
  HeldOutTable,
  HorizonsTable,
  PipelineTable,
  RepositoriesTable,
} from "@/components/datasheet/datasheet-tables";
import { orNotFound } from "@/app/or-not-found";

// A benchmark version's datasheet: the paper's Appendix A computed from the version's own data (stored when it was
// imported or its data changed), with the published values beside it for a transcribed version.
export const dynamic = "force-dynamic";

type Params = { params: Promise<{ slug: string; version: string }> };

async function load(params: Params["params"]) {
  const { slug, version } = await params;
  return orNotFound(getDatasheet(decodeURIComponent(slug), decodeURIComponent(version)));
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { slug, version } = await params;
  return { title: `Datasheet ${decodeURIComponent(slug)}@${decodeURIComponent(version)}` };
}

function Missing({ part, sheet }: { part: string; sheet: Awaited<ReturnType<typeof load>> }) {
  const rows = sheet.missing.filter((m) => m.part.startsWith(part));
  if (rows.length === 0) return null;
  return (
    <div className="card empty-state">
      {rows.map((m) => (
        <p key={`${m.part}-${m.field}`}>
          {m.part} is not computed: {m.detail} Provided by <code>{m.field}</code>.
        </p>
      ))}
    </div>
  );
}

type Sheet = Awaited<ReturnType<typeof load>>;

export default async function DatasheetPage({ params }: Params) {
  const sheet = await load(params);
  const { benchmark } = sheet;
  const api = `/api/v1/benchmarks/${encodeURIComponent(benchmark.slug)}/${encodeURIComponent(benchmark.version)}/datasheet`;
  return (
    <>
      <h1>
        Datasheet: {benchmark.name} {benchmark.version}
      </h1>
      <p className="lede">
        What the reference set of <code>{benchmark.key}</code> is made of, computed from its imported data: the snapshot
        of {benchmark.snapshot_date}
        {benchmark.reference_window_end
          ? `, a reference window to ${benchmark.reference_window_end} (${Number(benchmark.window_months!.toFixed(1))} months)`
          : ""}
        .{" "}
        <Link href={`/leaderboard/${encodeURIComponent(benchmark.slug)}/${encodeURIComponent(benchmark.version)}`}>
          Leaderboard
        </Link>{" "}
        · <Link href={`/repositories?benchmark=${encodeURIComponent(benchmark.key)}`}>Repositories</Link>
      </p>
      <DatasheetStatus sheet={sheet} />
      {sheet.computed_at && sheet.input_hash && (
        <p className="muted small">
          Computed {formatUtc(sheet.computed_at, "minute")} UTC from data with hash{" "}
          <code>{sheet.input_hash.slice(0, 12)}</code>.
          {sheet.reported && ` Published values (${sheet.reported.source}) stand in columns of their own.`}
        </p>
      )}
      {sheet.computed_at ? <DatasheetParts sheet={sheet} api={api} /> : null}
    </>
  );
}

/** The worker's job: a line while it computes, the reason when it failed. */
function DatasheetStatus({ sheet }: { sheet: Sheet }) {
  if (sheet.status === "current") return null;
  if (sheet.status === "failed")
    return (
      <p className="card empty-state" role="status">
        The last computation of this datasheet failed: {sheet.status_detail ?? "no reason was recorded."}{" "}
        {sheet.computed_at ? "Shown below is the previous computation." : ""}
      </p>
    );
  const line = sheet.computed_at
    ? "Computing: the worker is recomputing this datasheet from the version's data, which changed at its last import; shown below is the previous computation. Reload the page in a moment."
    : "Computing: the worker is computing this datasheet from the version's data. Reload the page in a moment.";
  return (
    <p className="card empty-state" role="status" data-datasheet-status="computing">
      {line}
    </p>
  );
}

function DatasheetParts({ sheet, api }: { sheet: Sheet; api: string }) {
  const reported = sheet.reported;
  const pool = sheet.bug_pool;
  return (
    <>
      {sheet.missing.length > 0 && (
        <section aria-labelledby="missing" className="card">
          <h2 id="missing">Not computed from this version&apos;s data</h2>
          <ul>
            {sheet.missing.map((m) => (
              <li key={`${m.part}-${m.field}`}>
                <strong>{m.part}</strong>: needs <code>{m.field}</code>. {m.detail}
              </li>
            ))}
          </ul>
          <p className="muted small">
            The fields are described in the file formats documentation; a version imported without them gets them from a
            fix-dates file (<code>npx probebench benchmark fix-dates</code> or <code>/admin/benchmarks</code>).
          </p>
        </section>
      )}

      <h2 id="pipeline">The collection pipeline (Table 1)</h2>
      {sheet.pipeline || reported?.pipeline ? (
        <>
          <PipelineTable sheet={sheet} reported={reported?.pipeline ?? null} />
          {sheet.pipeline && sheet.pipeline.stages.at(-1)!.count !== sheet.pipeline.reference_bugs && (
            <p className="muted small">
              The last stage counts {count(sheet.pipeline.stages.at(-1)!.count)} bugs; this version holds{" "}
              {count(sheet.pipeline.reference_bugs)} reference bugs.
            </p>
          )}
        </>
      ) : null}
      <Missing part="Table 1" sheet={sheet} />
      {sheet.pipeline && <DownloadLinks api={`${api}?table=pipeline`} label="Download Table 1" />}

      <h2 id="repositories">The repositories (Table 6)</h2>
      <RepositoriesTable sheet={sheet} reported={reported} />
      <Missing part="Table 6" sheet={sheet} />
      <DownloadLinks api={`${api}?table=repositories`} label="Download Table 6" />

      <h2 id="calendar">Calendar density of the bug-fixing commits (Figure 10)</h2>
      {sheet.calendar ? (
        <>
          <CalendarLineChart calendar={sheet.calendar} />
          <CalendarHeatmap calendar={sheet.calendar} />
          <DownloadLinks api={`${api}?table=calendar`} label="Download Figure 10's data" />
        </>
      ) : (
        <Missing part="Figure 10" sheet={sheet} />
      )}

      <h2 id="bug-pool">The bug pool (§A.3)</h2>
      <p>
        Time is counted in bug-fixing commits: a bug fixed by the k-th bug-fixing commit of its repository&apos;s window
        sits at position k − ½ (bugs of one commit share it). Exponential, Weibull and lognormal fix times, with
        parameters shared by all repositories, are fitted by a likelihood conditional on each repository&apos;s window,
        so each repository&apos;s unknown number of snapshot bugs cancels.
        {pool &&
          pool.unpositioned_bugs > 0 &&
          ` ${count(pool.unpositioned_bugs)} reference bugs have no fix position and are left out.`}
      </p>
      <Missing part="Tables 8-9" sheet={sheet} />
      {(pool || reported?.bug_pool) && (
        <>
          <h3 id="fits">Fitted parameters (Table 8)</h3>
          <FitsTable sheet={sheet} reported={reported?.bug_pool ?? null} />
          <h3 id="held-out">Held-out check</h3>
          <HeldOutTable sheet={sheet} reported={reported?.bug_pool ?? null} />
          {pool && (
            <>
              <h3 id="density">Fix-position density (Figure 3)</h3>
              <PositionDensityChart pool={pool} />
            </>
          )}
          <h3 id="horizons">Bugs fixed within each horizon (Table 9)</h3>
          <HorizonsTable sheet={sheet} reported={reported?.bug_pool ?? null} />
          <Missing part="Table 9" sheet={sheet} />
          <PrecisionCeilingNote
            computed={pool ? { referenceBugs: pool.bugs + pool.unpositioned_bugs, horizons: pool.horizons } : null}
            reported={
              reported?.bug_pool
                ? {
                    referenceBugs: reported.pipeline?.deduplicated_bugs ?? reported.bug_pool.full_window_bugs,
                    horizons: Object.entries(reported.bug_pool.horizons).map(([family, h]) => ({ family, ...h })),
                  }
                : null
            }
          />
          <p>
            The {count(pool?.bugs ?? reported?.bug_pool?.full_window_bugs)} observed bugs are a lower bound on the
            snapshot&apos;s bugs that maintainers will fix. The data give no finite upper bound: bugs never fixed leave
            no trace, and the held-out check tests when bugs are fixed, not how many exist, so the totals rest on the
            assumed shape of the unobserved tail.
          </p>
          {pool && <DownloadLinks api={`${api}?table=fits`} label="Download Table 8" />}
        </>
      )}
    </>
  );
}
