import type { PostCutoffRecall } from "@/lib/leaderboard/types";
import { DASH, pct } from "@/lib/format";

// Recall over the reference bugs fixed after the model's knowledge cut-off (the full recall is the column beside it),
// and the newest version of the benchmark whose window starts after the cut-off, where a fair score can be had.
export function PostCutoffCell({ value }: { value: PostCutoffRecall | null }) {
  if (!value) return <span className="muted">{DASH}</span>;
  return (
    <>
      <span className="value">{value.recall === null ? DASH : pct(value.recall)}</span>
      <span className="ci">
        {value.reference_bugs} bugs after {value.knowledge_cutoff}
        {value.newest_version_after_cutoff ? ` · fresh: ${value.newest_version_after_cutoff}` : ""}
      </span>
    </>
  );
}
