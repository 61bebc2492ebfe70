import { count, ratioText } from "@/lib/format";
import type { StoredScore } from "@/lib/scoring/types";
import { scrollRegion } from "@/components/ui/scroll-region";

/** Recall / precision / F1 rows, e.g. per language or per repository. Counts of repeated runs are means (one decimal). */
export function ScoreTable({
  title,
  labelHeader,
  rows,
  note,
}: {
  title: string;
  labelHeader: string;
  rows: (StoredScore & { label: string })[];
  note?: string;
}) {
  if (rows.length === 0) return null;
  return (
    <>
      <h2>{title}</h2>
      {note && <p className="muted">{note}</p>}
      <div className="table-wrap" {...scrollRegion(title)}>
        <table>
          <thead>
            <tr>
              <th scope="col">{labelHeader}</th>
              <th className="num">Recall</th>
              <th className="num">Precision</th>
              <th className="num">F1</th>
              <th className="num">Reference bugs found</th>
              <th className="num">Findings matched</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.label}>
                <th scope="row">{r.label}</th>
                <td className="num">{ratioText(r, "recall")}</td>
                <td className="num">{ratioText(r, "precision")}</td>
                <td className="num">{ratioText(r, "f1")}</td>
                <td className="num">
                  {count(r.matched_reference_bugs)} / {count(r.reference_bugs)}
                </td>
                <td className="num">
                  {count(r.matched_findings)} / {count(r.findings)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
