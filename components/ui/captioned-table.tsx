import type { ReactNode } from "react";
import { scrollRegion } from "./scroll-region";
import { EmptyRow } from "./empty-row";

// A data table in its own keyboard-scrollable frame, named by its caption, with a row that says so when it is empty
// (server and client safe: no hooks).
export function CaptionedTable({
  caption,
  head,
  columns,
  empty,
  children,
}: {
  caption: string;
  head: ReactNode;
  columns: number;
  empty: string | false;
  children: ReactNode;
}) {
  return (
    <div className="table-wrap" {...scrollRegion(caption)}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>{head}</tr>
        </thead>
        <tbody>
          {children}
          {empty && <EmptyRow columns={columns}>{empty}</EmptyRow>}
        </tbody>
      </table>
    </div>
  );
}
