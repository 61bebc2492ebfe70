import { DASH, hasNoValue, NO_VALUE, pct, pctInterval, type RatioName } from "@/lib/format";
import type { ScoreWithIntervals } from "@/lib/scoring/types";

// A percentage table cell of one ratio of a score, with its 95% interval underneath (server and client safe: no
// hooks). A missing ratio reads "n/a" when its denominator is empty and a dash when it was never published.
export function MetricCell({
  score,
  metric,
  best,
  showInterval = true,
}: {
  score: ScoreWithIntervals | undefined;
  metric: RatioName;
  best?: boolean;
  showInterval?: boolean;
}) {
  if (!score)
    return (
      <td className="num">
        <NotPublished />
      </td>
    );
  const value = score[metric];
  const interval = !showInterval
    ? null
    : metric === "recall"
      ? score.recall_ci
      : metric === "precision"
        ? score.precision_ci
        : null;
  return (
    <td className={`num${best ? " best" : ""}`}>
      {value === null ? (
        hasNoValue(score, metric) ? (
          <span className="muted" title={metric === "recall" ? "no reference bugs" : "no findings"}>
            {NO_VALUE}
          </span>
        ) : (
          <NotPublished />
        )
      ) : (
        <span className="metric">
          <span className="value">
            {pct(value)}
            {best && <span className="visually-hidden"> (best in row)</span>}
          </span>
          {interval && (
            <span className="ci" title={`95% Clopper-Pearson interval of ${metric}`}>
              <span className="visually-hidden">, 95% interval </span>
              {pctInterval(interval)}
            </span>
          )}
        </span>
      )}
    </td>
  );
}

/** The mark of a ratio that was never published (no score, or a score without it). */
function NotPublished() {
  return (
    <span className="muted" title="not published">
      {DASH}
    </span>
  );
}
