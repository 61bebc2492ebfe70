import { DASH, count, pct } from "@/lib/format";
import { ColumnTable, numericColumns } from "@/components/ui/column-table";
import type { RunAgreementView } from "@/lib/server/analyses/run-agreement-share";
import { Frame, PAD, PLOT_H, PLOT_W, path } from "./line-chart-frame";

// Figure 8 of the paper for a repeated entry: by how many of its runs (the last held out) find a reference bug, the
// share of those bugs other models' entries of the version find (solid), the share the held-out run finds (orange), and
// the same share for bugs picked at random within each bug type (dashed, with the 2.5-97.5% range of the draws as a
// band). Plain SVG drawn on the server; the table below carries the same numbers.

const OTHERS = "#1f6feb";
const HELD_OUT = "#bc4c00";

type Bucket = RunAgreementView["buckets"][number];

export function RunAgreementSection({ data, csvHref }: { data: RunAgreementView | null; csvHref: string }) {
  if (!data) return null;
  const conditioning = data.runs - 1;
  return (
    <>
      <h2 id="run-agreement">Shared blind spots across configurations</h2>
      {data.no_data_reason ? (
        <p className="small">
          The share of reference bugs other configurations find, by how many runs of this entry find them (the
          paper&apos;s Figure 8), is not computed: {data.no_data_reason}
        </p>
      ) : (
        <>
          <p className="small">
            Run {data.held_out_run! + 1} (the last uploaded) is held out; each reference bug is placed by how many of
            the other {conditioning} runs find it. For each such group: the share of its bugs that other models&apos;
            public verified entries of the version find (the mean over entries, each by its first run), the share the
            held-out run finds, and the share the other configurations would find of bugs picked at random within each
            bug type (as many of each type as the group holds; {count(data.draws)} seeded draws, seed {data.seed}). The
            paper&apos;s Figure 8 (nine GPT-5.6 Luna runs): other models find 5% of the bugs no run finds and 87% of
            those all nine find, against 12-17% at random within types. Also as <a href={csvHref}>CSV</a>.
          </p>
          <p className="small" data-testid="run-agreement-entries">
            Other models&apos; entries averaged:{" "}
            {data.other_entries.length === 0
              ? "none"
              : data.other_entries
                  .map((e) => `${e.model}${e.reasoning_effort ? ` (${e.reasoning_effort})` : ""}, ${e.harness}`)
                  .join("; ")}
            .{" "}
            {data.same_model_entries > 0 &&
              `${data.same_model_entries} entr${data.same_model_entries === 1 ? "y" : "ies"} of this model at another effort, harness or submission left out, as the paper compares with other models.`}
          </p>
          {data.configurations === 0 && (
            <p className="small" data-testid="run-agreement-no-others">
              No public verified entry of another model on this benchmark version yet: only the held-out run is shown.
              The other configurations&apos; share and the random baseline appear once another entry is approved.
            </p>
          )}
          <RunAgreementChart buckets={data.buckets} conditioning={conditioning} />
          <ColumnTable
            caption={`Reference bugs by how many of ${conditioning} runs find them: the share other configurations and the held-out run find`}
            columns={[
              ...numericColumns(
                `Runs finding (of ${conditioning})`,
                "Reference bugs",
                "Other configurations",
                "Others find",
                "Held-out run finds",
                "Random within types",
                "Random, 2.5-97.5%",
              ),
            ]}
          >
            {data.buckets.map((b) => (
              <tr key={b.runs_finding}>
                <th scope="row" className="num">
                  {b.runs_finding}
                </th>
                <td className="num">{count(b.reference_bugs)}</td>
                <td className="num">{count(b.configurations)}</td>
                <td className="num">{share(b.others_share)}</td>
                <td className="num">{share(b.held_out_share)}</td>
                <td className="num">{share(b.baseline_mean)}</td>
                <td className="num">
                  {b.baseline_low === null || b.baseline_high === null
                    ? DASH
                    : `${pct(b.baseline_low)}-${pct(b.baseline_high)}%`}
                </td>
              </tr>
            ))}
          </ColumnTable>
          {data.buckets.some((b) => b.uncategorised_reference_bugs > 0) && (
            <p className="muted small">
              Reference bugs without a category (
              {count(data.buckets.reduce((n, b) => n + b.uncategorised_reference_bugs, 0))}) are kept; the random
              baseline draws them from the uncategorised bugs, as one more type.
            </p>
          )}
        </>
      )}
    </>
  );
}

const share = (value: number | null) => (value === null ? DASH : `${pct(value)}%`);

/** The three lines over x = runs finding a bug (0..k-1); a bucket without bugs has no point. */
function RunAgreementChart({ buckets, conditioning }: { buckets: Bucket[]; conditioning: number }) {
  const x = (v: number) => PAD.left + (v / Math.max(conditioning, 1)) * PLOT_W;
  const y = (v: number) => PAD.top + (1 - v) * PLOT_H;
  const yTicks = [0, 0.25, 0.5, 0.75, 1];
  const points = (value: (b: Bucket) => number | null): [number, number][] =>
    buckets.flatMap((b) => {
      const v = value(b);
      return v === null ? [] : [[x(b.runs_finding), y(v)] as [number, number]];
    });
  const banded = buckets.filter((b) => b.baseline_low !== null && b.baseline_high !== null);
  const band = [
    ...banded.map((b) => [x(b.runs_finding), y(b.baseline_high!)] as [number, number]),
    ...[...banded].reverse().map((b) => [x(b.runs_finding), y(b.baseline_low!)] as [number, number]),
  ];
  const others = points((b) => b.others_share);
  const heldOut = points((b) => b.held_out_share);
  const baseline = points((b) => b.baseline_mean);
  return (
    <figure className="chart">
      <Frame
        label={`Share of reference bugs other configurations find, by how many of ${conditioning} runs find the bug, with the held-out run and a random baseline within bug types`}
        x={{
          ticks: buckets.map((b) => b.runs_finding),
          scale: x,
          title: `runs finding the bug (of ${conditioning})`,
          format: String,
        }}
        y={{ ticks: yTicks, scale: y, title: "share found", format: (v) => `${pct(v, 0)}%` }}
      >
        {band.length > 0 && <path d={`${path(band)} Z`} fill="currentColor" fillOpacity={0.1} stroke="none" />}
        {baseline.length > 0 && (
          <path d={path(baseline)} fill="none" stroke="currentColor" strokeDasharray="5 4" strokeWidth={1.5} />
        )}
        {others.length > 0 && <path d={path(others)} fill="none" stroke={OTHERS} strokeWidth={2} />}
        {heldOut.length > 0 && <path d={path(heldOut)} fill="none" stroke={HELD_OUT} strokeWidth={2} />}
        {buckets.map((b) => (
          <g key={b.runs_finding}>
            {b.others_share !== null && (
              <circle cx={x(b.runs_finding)} cy={y(b.others_share)} r={3} fill={OTHERS}>
                <title>{`${b.runs_finding} runs: other configurations find ${pct(b.others_share)}%`}</title>
              </circle>
            )}
            {b.held_out_share !== null && (
              <rect x={x(b.runs_finding) - 3} y={y(b.held_out_share) - 3} width={6} height={6} fill={HELD_OUT}>
                <title>{`${b.runs_finding} runs: the held-out run finds ${pct(b.held_out_share)}%`}</title>
              </rect>
            )}
          </g>
        ))}
      </Frame>
      <figcaption className="small">
        <span style={{ color: OTHERS }}>●</span> other configurations (mean), <span style={{ color: HELD_OUT }}>■</span>{" "}
        held-out run, dashed: bugs picked at random within each bug type (shaded: 2.5-97.5% of the draws). A group
        without reference bugs has no point.
      </figcaption>
    </figure>
  );
}
