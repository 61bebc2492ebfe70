import type { ReactNode } from "react";

/** The one row of a table body that has nothing to list, saying why. */
export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="empty">
        {children}
      </td>
    </tr>
  );
}
