import type { BugTypeDistances } from "@/lib/server/analyses/bug-type-distances";
import { count, DASH } from "@/lib/format";
import { CaptionedTable } from "@/components/ui/captioned-table";

// Figure 6 of the paper as a heat map that is its own data table: every cell holds the distance as text, and its
// shade (darker = farther apart) repeats the number for sighted readers. Light shades only, so dark text stays
// readable on every cell.

function shade(distance: number | null): string | undefined {
  if (distance === null) return undefined;
  return `hsl(212 85% ${Math.round(97 - 42 * Math.min(1, distance))}%)`;
}

/** `enable`: what turns the attribution on, said where no configuration has attributed bug types yet. */
export function DistanceHeatmap({ data, enable }: { data: BugTypeDistances; enable?: string }) {
  const { subjects, distances } = data;
  // Columns are narrow: a short tag on screen, the full name for screen readers.
  let configuration = 0;
  const tags = subjects.map((s) => (s.kind === "reference" ? "Maint." : `#${++configuration}`));
  if (subjects.length < 2) {
    return (
      <p className="card empty-state">
        Distances need at least two distributions: the reference set and a configuration whose findings have attributed
        bug types.{enable ? ` ${enable}` : ""}
      </p>
    );
  }
  return (
    <CaptionedTable
      caption="Jensen-Shannon distance (base 2, 0 = same distribution, 1 = no category in common) between the bug-type distributions of the maintainers' reference set and of each configuration's first run."
      columns={subjects.length + 1}
      empty={false}
      head={
        <>
          <th scope="col">Distribution</th>
          {subjects.map((s, i) => (
            <th key={s.key} scope="col" className="num" title={s.label}>
              <span aria-hidden="true">{tags[i]}</span>
              <span className="visually-hidden">{s.label}</span>
            </th>
          ))}
        </>
      }
    >
      {subjects.map((row, i) => (
        <tr key={row.key}>
          <th scope="row" className="wrap">
            {row.kind === "configuration" ? `${tags[i]} ` : ""}
            {row.submission_id ? <a href={`/submissions/${row.submission_id}`}>{row.label}</a> : row.label}
            <span className="muted small"> ({count(row.n)})</span>
          </th>
          {subjects.map((col, j) => {
            const d = distances[i]![j]!;
            return (
              <td
                key={col.key}
                className="num"
                style={{ background: i === j ? undefined : shade(d), color: i === j ? undefined : "#111" }}
              >
                {i === j ? DASH : d === null ? DASH : d.toFixed(3)}
              </td>
            );
          })}
        </tr>
      ))}
    </CaptionedTable>
  );
}
