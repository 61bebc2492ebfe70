import { ColumnTable } from "@/components/ui/column-table";
import type { RepositoryBugs } from "@/lib/server/workbench/repository-bugs";
import { ReferenceBugLink } from "@/components/ui/reference-bug-link";

type Bug = RepositoryBugs["bugs"][number];

const share = (v: number | null) => (v === null ? "–" : `${Math.round(v * 100)}%`);

/** One page of the repository's reference bugs, each with how many approved configurations found it. */
export function ReferenceBugTable({ view, rows }: { view: RepositoryBugs; rows: Bug[] }) {
  return (
    <ColumnTable
      label={`Reference bugs of ${view.repository.name}`}
      caption={
        <>
          {view.bugs.length} of {view.reference_bugs} reference bugs; found by = approved configurations with a finding
          that matched the bug
        </>
      }
      columns={["Id", "Title", "Location", "Severity", "Category", "Trigger", { label: "Found by", num: true }]}
      empty={rows.length === 0 && "No reference bug matches these filters."}
    >
      {rows.map((b) => (
        <tr key={b.id}>
          <th scope="row">
            <ReferenceBugLink repo={view.repository.name} id={b.id} benchmark={view.benchmark} />
          </th>
          <td className="wrap">{"title" in b ? b.title : <span className="muted">hidden</span>}</td>
          <td>
            {"file" in b ? (
              <code>
                {b.file}:{b.line_start}–{b.line_end}
              </code>
            ) : (
              <span className="muted">hidden</span>
            )}
          </td>
          <td>{b.severity ?? "–"}</td>
          <td className="wrap">{b.category ?? "–"}</td>
          <td className="wrap">{b.trigger ?? "–"}</td>
          <td className="num">
            {b.found_by} of {b.configurations} ({share(b.found_by_share)})
          </td>
        </tr>
      ))}
    </ColumnTable>
  );
}
