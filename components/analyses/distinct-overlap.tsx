import { DASH, pct } from "@/lib/format";
import { ColumnTable, numericColumns } from "@/components/ui/column-table";
import type { DistinctOverlapView } from "@/lib/server/analyses/distinct-finding-overlap";

// Figure 7 over every distinct finding of a repeated entry, matched or not: per type (the findings' labels), the
// recall of one run against everything another run found of that type, beside the runs' recall of the type's
// reference bugs, as a table under the matched-only chart.

export function DistinctOverlapSection({ data }: { data: DistinctOverlapView | null }) {
  if (!data) return null;
  return (
    <>
      <h3 id="category-overlap-distinct">Over every distinct finding</h3>
      {data.unavailable_reason ? (
        <p className="small">{data.unavailable_reason}</p>
      ) : (
        <>
          <p className="small" data-testid="category-overlap-distinct">
            The paper compares recall within each type: here every distinct finding of the runs counts, matched or not,
            typed by the labels of its findings (the most frequent; labeller {data.labeller}), against the runs&apos;
            recall of the type&apos;s reference bugs (
            {data.same_labeller
              ? "labelled by the same configuration"
              : "the benchmark's own categories: another labeller, until this one labels every reference bug"}
            ).{" "}
            {data.median_ratio !== null
              ? `Median ratio over types: ${data.median_ratio.toFixed(1)} (the paper: 6.3).`
              : "No type has a ratio."}
            {data.unlabelled_groups > 0
              ? ` ${data.unlabelled_groups} distinct findings have no label and are left out.`
              : ""}
          </p>
          {data.categories.length > 0 && (
            <ColumnTable
              caption="Per bug type over every distinct finding: overlap between runs against recall of the reference set"
              columns={[
                "Type",
                ...numericColumns("Distinct findings", "Overlap between runs %", "Reference recall %", "Ratio"),
              ]}
            >
              {data.categories.map((r) => (
                <tr key={r.category}>
                  <th scope="row" className="wrap">
                    {r.category}
                  </th>
                  <td className="num">{r.distinct_findings}</td>
                  <td className="num">{pct(r.run_overlap)}</td>
                  <td className="num">{pct(r.reference_recall)}</td>
                  <td className="num">{r.ratio === null ? DASH : r.ratio.toFixed(2)}</td>
                </tr>
              ))}
            </ColumnTable>
          )}
        </>
      )}
    </>
  );
}
