// The header row of a data table from its column labels (server and client safe: no hooks).

/** A column label; `num` right-aligns a numeric column, `hidden` keeps the label for screen readers only. */
export type Column = string | { label: string; num?: boolean; hidden?: boolean };

/** `<thead>` with one `<th>` per column; `scope="col"` unless `scoped` is false (tables that never set it). */
export function ColumnHeads({ columns, scoped = true }: { columns: readonly Column[]; scoped?: boolean }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => {
          const { label, num = false, hidden = false } = typeof column === "string" ? { label: column } : column;
          return (
            <th key={label} scope={scoped ? "col" : undefined} className={num ? "num" : undefined}>
              {hidden ? <span className="visually-hidden">{label}</span> : label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
