import { DASH, pct } from "@/lib/format";
import { ColumnTable, numericColumns } from "@/components/ui/column-table";
import type { RunShareView } from "@/lib/server/analyses/run-share";

// §4.3 of the paper for a repeated entry: of each run's distinct findings, the share another run also reports, with
// the mean beside the paper's published values (63% for Muse Spark 1.3's five runs, 57% for GPT-5.6 Luna's ten).

export function RunShareSection({ data, csvHref }: { data: RunShareView | null; csvHref: string }) {
  if (!data) return null;
  const published = data.published
    .map(
      (p) =>
        `${pct(p.share, 0)}% for ${p.model}${p.reasoning_effort ? ` (${p.reasoning_effort})` : ""}, ${p.runs} runs`,
    )
    .join("; ");
  return (
    <>
      <h3 id="run-share">Findings another run reports too</h3>
      {data.unavailable_reason ? (
        <p className="small">{data.unavailable_reason}</p>
      ) : (
        <>
          <p className="small" data-testid="run-share-mean">
            Of a run&apos;s distinct findings, the share that at least one other run also reports (over the distinct
            findings of all {data.runs} runs): {data.mean === null ? DASH : `${pct(data.mean, 1)}%`} on average.{" "}
            {published
              ? `The paper (§4.3): ${published}.`
              : "The paper (§4.3): 63% for Muse Spark 1.3, 57% for GPT-5.6 Luna."}{" "}
            Also as <a href={csvHref}>CSV</a>.
          </p>
          <ColumnTable
            caption="Per run: the share of its distinct findings another run reports too"
            columns={[...numericColumns("Run", "Reported by another run")]}
          >
            {data.per_run.map((share, run) => (
              <tr key={run}>
                <td>{run + 1}</td>
                <td>{share === null ? DASH : `${pct(share, 1)}%`}</td>
              </tr>
            ))}
          </ColumnTable>
        </>
      )}
    </>
  );
}
