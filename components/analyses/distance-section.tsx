import "server-only";
import { loadBugTypeDistances } from "@/lib/server/analyses/bug-type-distances";
import { readAttributionModel } from "@/lib/llm/finding-review-config";
import { DistanceHeatmap } from "./distance-heatmap";
import { RunDistances } from "./run-distances";

// The bug-types page's §4.2 / Figure 6 section: how far apart the bug-type distributions are.
export async function DistanceSection({ benchmark }: { benchmark: string }) {
  const data = await loadBugTypeDistances(benchmark);
  const attribution = readAttributionModel();
  const q = encodeURIComponent(data.benchmark.key);
  return (
    <section aria-labelledby="distances-heading">
      <h2 id="distances-heading">How far apart the distributions are</h2>
      <p className="muted">
        Jensen-Shannon distance (logarithm base 2, so between 0 and 1; the paper does not state its base, and a
        natural-log distance would read 0.83 times these) between bug-type distributions, over the taxonomy&apos;s
        categories, using only categories attributed by the one classifier (a submitter&apos;s own labels are left out).
        Agents that resemble one another but not the maintainers show small distances among the configurations and
        larger ones in the maintainers&apos; row (Figure 6 of the paper). Also as{" "}
        <a href={`/api/v1/bug-types/distances?benchmark=${q}`}>JSON</a> or{" "}
        <a href={`/api/v1/bug-types/distances?benchmark=${q}&format=csv`}>CSV</a>.
      </p>
      <DistanceHeatmap data={data} enable={attribution.ok ? undefined : attribution.message} />
      <RunDistances
        rows={data.within_configuration}
        csvHref={`/api/v1/bug-types/distances?benchmark=${q}&format=csv&table=runs`}
      />
    </section>
  );
}
