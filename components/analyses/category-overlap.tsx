import { DASH, pct } from "@/lib/format";
import { ColumnTable, numericColumns } from "@/components/ui/column-table";
import type { CategoryOverlapView } from "@/lib/server/analyses/category-overlap";
import { DotChart } from "./dot-chart";

// Figure 7 of the paper for a repeated entry: per bug type, how much the runs overlap with one another (the recall of
// one run against another's bugs) against their recall of the reference set, as paired dots on 0..100% with the
// table of the same numbers. Plain SVG drawn on the server.

const WIDTH = 640;
const ROW_H = 22;
// The left margin holds the category names (long ones shortened, the full name in the table and the dots' titles):
// 30 characters of 11-unit text take up to 190 units in a wide sans-serif (DejaVu Sans), the label ends 6 before the plot.
const PAD = { left: 210, right: 16, top: 8, bottom: 34 };
const NAME_CHARS = 30;
const shortName = (name: string) => (name.length > NAME_CHARS ? `${name.slice(0, NAME_CHARS - 1)}…` : name);
const OVERLAP = "#1f6feb";
const RECALL = "#bf3989";

export function CategoryOverlapSection({ data, csvHref }: { data: CategoryOverlapView | null; csvHref: string }) {
  if (!data) return null;
  const rows = data.categories;
  return (
    <>
      <h2 id="category-overlap">Overlap within bug types</h2>
      <p className="small">
        For each category of the reference bugs: the recall of one run measured against the bugs another run found
        (every ordered pair of runs), beside the runs&apos; recall of the reference set (the paper&apos;s Figure 7).
        Runs picking their bugs of a category independently at random would give a ratio of 1.{" "}
        {data.median_ratio !== null
          ? `Median ratio over categories: ${data.median_ratio.toFixed(1)} (the paper: 6.3 for GPT-5.6 Luna's nine runs).`
          : "No category has a ratio: no run found a reference bug."}{" "}
        Runs are compared on the reference bugs they match.
        {data.uncategorised_reference_bugs > 0
          ? ` ${data.uncategorised_reference_bugs} reference bugs without a category are left out.`
          : ""}{" "}
        Also as <a href={csvHref}>CSV</a>.
      </p>
      {rows.length > 0 && (
        <figure className="chart">
          <DotChart
            layout={{ width: WIDTH, pad: PAD, rowHeight: ROW_H }}
            label="Overlap between runs and recall of the reference set per bug type"
            axisTitle="share of bugs found"
            tickLabel={(t) => `${pct(t, 0)}%`}
            rows={rows}
            rowKey={(r) => r.category}
            rowLabel={(r) => shortName(r.category)}
            marks={(r, x, y) => (
              <>
                {r.run_overlap !== null && (
                  <line
                    x1={x(r.reference_recall)}
                    x2={x(r.run_overlap)}
                    y1={y}
                    y2={y}
                    stroke="currentColor"
                    strokeOpacity={0.3}
                  />
                )}
                <circle cx={x(r.reference_recall)} cy={y} r={4} fill={RECALL}>
                  <title>{`${r.category}: recall of the reference set ${pct(r.reference_recall)}%`}</title>
                </circle>
                {r.run_overlap !== null && (
                  <circle cx={x(r.run_overlap)} cy={y} r={4} fill={OVERLAP}>
                    <title>{`${r.category}: overlap between runs ${pct(r.run_overlap)}%`}</title>
                  </circle>
                )}
              </>
            )}
          />
          <figcaption className="small">
            <span style={{ color: OVERLAP }}>●</span> overlap between runs, <span style={{ color: RECALL }}>●</span>{" "}
            recall of the reference set; each row names its category, in the order of the table below.
          </figcaption>
        </figure>
      )}
      <ColumnTable
        caption="Per bug type: overlap between runs against recall of the reference set"
        columns={[
          "#",
          "Category",
          ...numericColumns("Reference bugs", "Found per run", "Recall of reference", "Overlap between runs", "Ratio"),
        ]}
        empty={rows.length === 0 && "No reference bug has a category."}
      >
        {rows.map((r, i) => (
          <tr key={r.category}>
            <td>{i + 1}</td>
            <th scope="row" className="wrap">
              {r.category}
            </th>
            <td className="num">{r.reference_bugs}</td>
            <td className="num">{r.mean_found.toFixed(1)}</td>
            <td className="num">{pct(r.reference_recall)}%</td>
            <td className="num">{r.run_overlap === null ? DASH : `${pct(r.run_overlap)}%`}</td>
            <td className="num">{r.ratio === null ? DASH : r.ratio.toFixed(1)}</td>
          </tr>
        ))}
      </ColumnTable>
    </>
  );
}
