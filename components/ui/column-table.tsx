import type { ReactNode } from "react";
import { ColumnHeads, type Column } from "./column-heads";
import { EmptyRow } from "./empty-row";
import { scrollRegion } from "./scroll-region";

/** The frame's name for screen readers: the caption itself when it is plain text, else a `label` saying the same. */
type Naming = { caption: string; label?: string } | { caption: ReactNode; label: string };

/** Attributes some tables carry on the `<table>` element itself: a test id, or the heading or note that names it. */
type TableAttributes = { "data-testid"?: string; "aria-labelledby"?: string; "aria-describedby"?: string };

/** Right-aligned columns of numbers, from their labels: `["Id", ...numericColumns("Runs", "Cost")]`. */
export function numericColumns(...labels: string[]): Column[] {
  return labels.map((label) => ({ label, num: true }));
}

/**
 * A data table whose header row is plain column labels, so a page writes each label once instead of a `<th>`; it sits
 * in a keyboard-scrollable frame named by its caption (or `label`) and, when `empty` is a text, says so in a row of its
 * own (server and client safe: no hooks). CaptionedTable is the variant for header cells with markup of their own.
 */
export function ColumnTable({
  label,
  caption,
  captionClassName,
  columns,
  empty = false,
  table,
  children,
}: Naming & {
  captionClassName?: string;
  columns: readonly Column[];
  empty?: string | false;
  table?: TableAttributes;
  children: ReactNode;
}) {
  return (
    <div className="table-wrap" {...scrollRegion(label ?? String(caption))}>
      <table {...table}>
        <caption className={captionClassName}>{caption}</caption>
        <ColumnHeads columns={columns} />
        <tbody>
          {children}
          {empty && <EmptyRow columns={columns.length}>{empty}</EmptyRow>}
        </tbody>
      </table>
    </div>
  );
}
