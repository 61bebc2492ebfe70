import type { Metadata } from "next";
import { BenchmarkSelector, benchmarkQueryHref } from "@/components/benchmark-selector";
import { count, DASH, pct, pctInterval } from "@/lib/format";
import { benchmarkParam, firstParam, loadPublicPage } from "@/app/(public)/load-public-page";
import { loadBugTypes, type Distribution } from "@/lib/server/leaderboard/load-bug-types";
import type { DistributionRow } from "@/lib/leaderboard/bug-type-distribution";
import { CaptionedTable } from "@/components/ui/captioned-table";
import { listPublicHarnesses } from "@/lib/server/leaderboard/list-public-harnesses";
import { readAttributionModel } from "@/lib/llm/panel-attribution-config";
import { DistanceSection, withoutSaid } from "@/components/analyses/distance-section";
import { LabellerChoices, LabellerNote } from "@/components/analyses/labeller-note";
import { AppError } from "@/lib/errors";
import { DEFAULT_AGENT_POOL, type AgentPool } from "@/lib/attribution/agent-pool";
import { AGENT_POOL_SOURCES, agentPoolQuerySchema, FULL_HARNESS } from "@/lib/contracts/bug-types";

const SOURCE_LABELS: Record<AgentPool["source"], string> = {
  all: "Uploaded and in-house",
  upload: "Uploaded only",
  in_house: "In-house runs only",
};

/** The harness choices: the full harness (the paper's pool), every harness, then each harness a public entry names. */
function harnessOptions(harnesses: string[], current: string): { value: string; label: string }[] {
  const options = [
    { value: FULL_HARNESS, label: `${FULL_HARNESS} (the full harness, as the paper)` },
    { value: "all", label: "Every harness" },
  ];
  const taken = new Set(options.map((o) => o.value.toLowerCase()));
  for (const harness of [...harnesses, current]) {
    if (taken.has(harness.toLowerCase())) continue;
    taken.add(harness.toLowerCase());
    options.push({ value: harness, label: harness });
  }
  return options;
}

/** The pool filter: a plain GET form, so the choice is a shareable link and works without JavaScript. */
function PoolFilter({
  benchmark,
  pool,
  harnesses,
  labeller,
}: {
  benchmark: string;
  pool: AgentPool;
  harnesses: string[];
  labeller: string | null;
}) {
  const options = harnessOptions(harnesses, pool.harness);
  const current = options.find((o) => o.value.toLowerCase() === pool.harness.toLowerCase());
  return (
    <form className="filters" method="get" action="/bug-types" aria-label="Which configurations the agent shares pool">
      <input type="hidden" name="benchmark" value={benchmark} />
      {labeller && <input type="hidden" name="labeller" value={labeller} />}
      <label>
        Harness{" "}
        <select name="harness" defaultValue={current?.value ?? pool.harness}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>{" "}
      <label>
        Source{" "}
        <select name="source" defaultValue={pool.source}>
          {AGENT_POOL_SOURCES.map((s) => (
            <option key={s} value={s}>
              {SOURCE_LABELS[s]}
            </option>
          ))}
        </select>
      </label>{" "}
      <button type="submit">Show</button>
    </form>
  );
}

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

/** The numeric columns of a distribution table: each side's share, the agents' range, and the gap between them. */
const shareColumns = (maintainers: string) => [
  maintainers,
  // Plain words: a combining macron over "n" renders as "ñ" in common fonts.
  "Agents, mean n",
  "Agents %",
  "Agent range %",
  "Gap (pp)",
  "Ratio",
];

function DistributionTable({
  rows,
  first,
  caption,
  showFamily,
  maintainers,
}: {
  rows: DistributionRow[];
  first: string;
  caption: string;
  showFamily: boolean;
  maintainers: string;
}) {
  const max = Math.max(0, ...rows.flatMap((r) => [r.humanShare ?? 0, r.agentShare ?? 0]));
  return (
    <CaptionedTable
      caption={caption}
      columns={showFamily ? 9 : 8}
      empty={rows.length === 0 && "No categorised bugs or findings yet."}
      head={
        <>
          <th scope="col">{first}</th>
          {showFamily && <th scope="col">Family</th>}
          {shareColumns(maintainers).map((label) => (
            <th key={label} scope="col" className="num">
              {label}
            </th>
          ))}
          <th scope="col">
            <span className="visually-hidden">Bars</span>
            <span aria-hidden="true">
              <span className="bar human" style={{ width: 10 }} /> maint.{" "}
              <span className="bar agent" style={{ width: 10 }} /> agents
            </span>
          </th>
        </>
      }
    >
      {rows.map((r) => (
        <tr key={r.name}>
          <th scope="row" className="wrap">
            {r.name}
          </th>
          {showFamily && <td className="wrap">{r.family ?? <span className="muted">{DASH}</span>}</td>}
          <td className="num">
            {pct(r.humanShare)}
            {r.humanN !== null && <span className="muted small"> ({count(r.humanN)})</span>}
          </td>
          <td className="num">{r.agentMeanN === null ? DASH : r.agentMeanN.toFixed(r.agentMeanN >= 100 ? 0 : 1)}</td>
          <td className="num">{pct(r.agentShare)}</td>
          <td className="num">{r.agentRange ? pctInterval(r.agentRange) : DASH}</td>
          <td className={`num ${r.gap === null ? "" : r.gap > 0 ? "gap-pos" : "gap-neg"}`}>
            {r.gap === null ? DASH : `${r.gap > 0 ? "+" : ""}${(100 * r.gap).toFixed(1)}`}
          </td>
          <td className="num">{r.ratio === null ? DASH : r.ratio.toFixed(2)}</td>
          <Bars row={r} max={max} />
        </tr>
      ))}
    </CaptionedTable>
  );
}

// Captions start with the section's title: both sections can be on the page, and each table's region is named by its
// caption, which must be unique.
function Section({
  d,
  title,
  source,
  labellerHref,
}: {
  d: Distribution;
  title: string;
  source: string;
  labellerHref?: (key: string) => string;
}) {
  // The benchmark file's labels come from another labeller than the agents' classifier: the column says so.
  const maintainers = d.sameLabeller === false ? "Maintainers % (maintainers' labels)" : "Maintainers %";
  const labelledBy = d.sameLabeller === false ? " (the maintainers' own labels, another labeller)" : "";
  return (
    <section>
      <h2>{title}</h2>
      <p className="muted">{source}</p>
      {d.labellers && d.labellerNote !== null && (
        <LabellerNote
          labellers={d.labellers}
          sameLabeller={d.sameLabeller === true}
          note={d.labellerNote}
          testId="bug-type-labellers"
        />
      )}
      {d.labellerChoices && labellerHref && <LabellerChoices choices={d.labellerChoices} hrefFor={labellerHref} />}
      <DistributionTable
        rows={d.categories}
        first="Bug type"
        showFamily
        maintainers={maintainers}
        caption={`${title}: share of each bug type among maintainer-fixed reference bugs${labelledBy} and among agent findings (mean over configurations), sorted by the gap: over-represented in agent findings first.`}
      />
      <h3>Trigger levels</h3>
      <DistributionTable
        rows={d.triggers}
        first="What it takes to observe the bug"
        showFamily={false}
        maintainers={maintainers}
        caption={`${title}: share of each trigger level among reference bugs${labelledBy} and agent findings; level 0 (insufficient information) is left out, so the levels sum to 100%.`}
      />
      {d.insufficientTriggers && (
        <p className="muted small" data-testid="insufficient-triggers">
          Trigger level 0 (insufficient information), not in the shares: {count(d.insufficientTriggers.maintainers)}{" "}
          reference bug{d.insufficientTriggers.maintainers === 1 ? "" : "s"}, {count(d.insufficientTriggers.agents)}{" "}
          agent finding{d.insufficientTriggers.agents === 1 ? "" : "s"}.
        </p>
      )}
      {d.referenceWithoutTrigger ? (
        <p className="muted small" data-testid="reference-without-trigger">
          Reference bugs whose maintainers&apos; label names no trigger level, not in the trigger shares:{" "}
          {count(d.referenceWithoutTrigger)}.
        </p>
      ) : null}
      {d.notes && <p className="muted small">{d.notes}</p>}
    </section>
  );
}

export default async function BugTypesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const ref = benchmarkParam(params);
  const parsedPool = agentPoolQuerySchema.safeParse({
    harness: firstParam(params.harness),
    source: firstParam(params.source),
  });
  const asked = {
    pool: parsedPool.success ? parsedPool.data : DEFAULT_AGENT_POOL,
    labeller: firstParam(params.labeller)?.trim().slice(0, 300) || null,
  };
  // A harness or labeller that names nothing here shows the default comparison (the API answers it with a 422).
  const loaded = await loadPublicPage(async () => {
    try {
      return { ...asked, data: (await loadBugTypes(ref, asked.pool, asked.labeller)).value };
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== "invalid_input") throw error;
      return { pool: DEFAULT_AGENT_POOL, labeller: null, data: (await loadBugTypes(ref)).value };
    }
  });
  const page = loaded && { ...loaded, value: loaded.value.data };
  const pool = loaded?.value.pool ?? asked.pool;
  const labeller = loaded?.value.labeller ?? null;
  if (!page) return <p className="card empty-state">No benchmark version has been imported yet.</p>;
  const { benchmark, stored, reported } = page.value;
  const harnesses = await listPublicHarnesses(benchmark.key);
  const attribution = readAttributionModel();
  const said = attribution.ok ? undefined : attribution.message;
  const poolParams = { benchmark: benchmark.key, harness: pool.harness, source: pool.source };
  const poolQuery = new URLSearchParams({ ...poolParams, ...(labeller ? { labeller } : {}) }).toString();
  const labellerHref = (key: string) =>
    `/bug-types?${new URLSearchParams({ ...poolParams, labeller: key }).toString()}`;
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Bug types</h1>
          <p className="lede">
            Do agents report the kinds of bugs maintainers fix? Each bug type&apos;s share among the reference bugs of{" "}
            {benchmark.name} {benchmark.version} next to its share among agent findings. Categories come from the
            benchmark&apos;s taxonomy, and one classifier (one model and prompt, as the paper&apos;s F.7.3) labels the
            reference bugs and every agent finding alike; until it has labelled the reference bugs, they show the
            benchmark file&apos;s own labels, marked as the maintainers&apos;. A submitter&apos;s own category stays on
            the finding as their label, never in the shares. Also as JSON or CSV:{" "}
            <a href={`/api/v1/bug-types?${poolQuery}`}>JSON</a>,{" "}
            <a href={`/api/v1/bug-types?${poolQuery}&format=csv`}>CSV</a>.
          </p>
        </div>
        <BenchmarkSelector
          benchmarks={page.benchmarks}
          current={benchmark.key}
          hrefFor={(b) => benchmarkQueryHref("/bug-types", b)}
        />
      </div>
      <PoolFilter benchmark={benchmark.key} pool={pool} harnesses={harnesses} labeller={labeller} />
      {/* What turns the classifier on, said once here rather than in every section it leaves empty. */}
      {stored && !attribution.ok && (
        <p className="card empty-state" role="note" data-testid="attribution-off">
          {attribution.message}
        </p>
      )}
      {stored && (
        <Section
          d={{
            ...stored,
            labellerNote: stored.labellerNote === null ? null : withoutSaid(stored.labellerNote, said),
          }}
          title="Scored here"
          labellerHref={labellerHref}
          source={`${count(stored.humanTotal)} categorised reference bugs. ${
            stored.agentConfigurations
              ? (stored.pool?.description ?? "")
              : attribution.ok
                ? "No public verified configuration of this pool has LLM-attributed findings yet; choose another harness or source above, or an admin starts the attribution on a submission's page."
                : ""
          }`}
        />
      )}
      {stored && <DistanceSection benchmark={benchmark.key} labeller={labeller} said={said} />}
      {reported && (
        <Section
          d={reported}
          title="As published"
          source="Figures transcribed from the publication (reported, not recomputed here); the publication lists only some of its categories."
        />
      )}
      {!stored && !reported && (
        <p className="card empty-state">No reference bug or finding of this version carries a bug type yet.</p>
      )}
    </>
  );
}
