import { DASH, pct, pctInterval } from "@/lib/format";

// A percentage table cell with its 95% interval underneath (server and client safe: no hooks).
export function MetricCell({ value, interval, label, best }: { value: number | null; interval?: [number, number] | null; label: string; best?: boolean }) {
  return (
    <td className={`num${best ? " best" : ""}`}>
      {value === null ? (
        <span className="muted" title="not published">{DASH}</span>
      ) : (
        <span className="metric">
          <span className="value">
            {pct(value)}
            {best && <span className="visually-hidden"> (best in row)</span>}
          </span>
          {interval && (
            <span className="ci" title={`95% Clopper-Pearson interval of ${label}`}>
              <span className="visually-hidden">, 95% interval </span>
              {pctInterval(interval)}
            </span>
          )}
        </span>
      )}
    </td>
  );
}
