import "server-only";
import { loadBugTypeDistances } from "@/lib/server/analyses/bug-type-distances";
import { readAttributionModel } from "@/lib/llm/panel-attribution-config";
import { DistanceHeatmap } from "./distance-heatmap";
import { LabellerNote } from "./labeller-note";
import { RunDistances } from "./run-distances";

// The bug-types page's §4.2 / Figure 6 section: how far apart the bug-type distributions are, every distribution
// labelled by one classifier configuration (or, on the maintainers' side until it has labelled the reference bugs,
// by the benchmark file, said so).
/** Removes a sentence the page already says once above (what turns bug-type attribution on) from a note. */
export function withoutSaid(note: string, said: string | undefined): string {
  return said
    ? note
        .replace(said, "")
        .replace(/\s{2,}/g, " ")
        .trim()
    : note;
}

export async function DistanceSection({
  benchmark,
  labeller,
  said,
}: {
  benchmark: string;
  labeller: string | null;
  /** What the page says once above, left out here. */
  said?: string;
}) {
  const { value: data } = await loadBugTypeDistances(benchmark, labeller);
  const attribution = readAttributionModel();
  const q = new URLSearchParams({ benchmark: data.benchmark.key, ...(labeller ? { labeller } : {}) }).toString();
  return (
    <section aria-labelledby="distances-heading">
      <h2 id="distances-heading">How far apart the distributions are</h2>
      <p className="muted">
        Jensen-Shannon distance (logarithm base 2, so between 0 and 1; the paper does not state its base, and a
        natural-log distance would read 0.83 times these) between bug-type distributions, over the taxonomy&apos;s
        categories, using only the labels of one classifier configuration (a submitter&apos;s own labels, and another
        configuration&apos;s, are left out). Agents that resemble one another but not the maintainers show small
        distances among the configurations and larger ones in the maintainers&apos; row (Figure 6 of the paper). Also as{" "}
        <a href={`/api/v1/bug-types/distances?${q}`}>JSON</a> or{" "}
        <a href={`/api/v1/bug-types/distances?${q}&format=csv`}>CSV</a>.
      </p>
      <LabellerNote
        labellers={data.labellers}
        sameLabeller={data.same_labeller}
        note={withoutSaid(data.labeller_note, said)}
        testId="distance-labellers"
      />
      <DistanceHeatmap data={data} enable={attribution.ok || said ? undefined : attribution.message} />
      <RunDistances
        rows={data.within_configuration}
        pairs={data.run_pairs}
        csvHref={`/api/v1/bug-types/distances?${q}&format=csv&table=runs`}
      />
    </section>
  );
}
