import "server-only";
import type { z } from "zod";
import type { bugTypeDistancesSchema } from "../../contracts/bug-types";
import { db } from "../../db";
import {
  crossConfigurationDistances,
  distanceMatrix,
  runDistances,
  type CategoryCounts,
} from "../../analyses/bug-type-distance";
import { readTaxonomy, taxonomyCategories } from "../../attribution/taxonomy";
import type { BenchmarkRef } from "../../leaderboard/types";
import { countAttributedFindings, countAttributedReferences } from "../attribution/attributed-counts";
import { chooseLabeller } from "../attribution/choose-labeller";
import { resolveBenchmark } from "../public-reads/list-public-benchmarks";
import { benchmarkStampSource, cachedWithStamp, type Stamped } from "../public-reads/stamp-cache";
import type { AgentPool } from "../../attribution/agent-pool";

// §4.2, Figure 6: Jensen-Shannon distances between the bug-type distributions of every public verified configuration
// (its first run, as the bug-types page counts it) and the maintainers' reference set, and, over every run of each
// configuration, the distances of each run to the configuration's other runs and of the reference set to each run
// (the paper's "of each agent run to the other runs and of the human reference set to all runs"). One labeller for
// the whole figure (F.7.3: one model and prompt for the taxonomy corpus and every configuration's findings; chosen by
// lib/attribution/labeller.ts over every run of every configuration): only findings labelled by it count (a
// submitter's own labels, and another configuration's, are left out), and the reference set is labelled by it too
// once it has labelled every reference bug, else by the benchmark file (the maintainers' labels, another labeller,
// said so). The distance runs over the taxonomy's categories. A few hundred pairs over a few dozen categories:
// computed on read, cached by the stamp.

// Figure 6 compares every configuration, whatever its harness or source.
const EVERY_CONFIGURATION: AgentPool = { harness: "all", source: "all" };

export type BugTypeDistances = z.input<typeof bugTypeDistancesSchema>;
type DistanceSubjectView = BugTypeDistances["subjects"][number];

/** The distances with the stamp they were read at (the API's ETag names that stamp). */
export async function loadBugTypeDistances(
  benchmarkRef: string | null | undefined,
  labeller: string | null = null,
): Promise<Stamped<BugTypeDistances>> {
  const b = await resolveBenchmark(benchmarkRef);
  return cachedWithStamp(`bug-type-distances:${b.id}:${labeller ?? ""}`, benchmarkStampSource(b.id), () =>
    readDistances(b, labeller),
  );
}

const labelOf = (s: { model: string; reasoningEffort: string | null; harness: string | null }) =>
  [s.model, s.reasoningEffort, s.harness].filter(Boolean).join(" · ");

async function readDistances(b: BenchmarkRef, requested: string | null): Promise<BugTypeDistances> {
  const benchmark = await db.benchmark.findUniqueOrThrow({ where: { id: b.id }, select: { taxonomy: true } });
  const taxonomy = readTaxonomy(benchmark.taxonomy);
  const everyRun = { allRuns: true };
  const { selection, labellers } = await chooseLabeller(b.id, benchmark.taxonomy, EVERY_CONFIGURATION, {
    ...everyRun,
    requested,
  });
  const [references, findings] = await Promise.all([
    countAttributedReferences(b.id, benchmark.taxonomy, selection.sameLabeller ? selection.labeller : null),
    countAttributedFindings(b.id, benchmark.taxonomy, EVERY_CONFIGURATION, selection.labeller, everyRun),
  ]);
  const add = (counts: Record<string, number>, category: string | null, n: number) => {
    if (category) counts[category] = (counts[category] ?? 0) + n;
  };
  const referenceCounts: Record<string, number> = {};
  for (const r of references) add(referenceCounts, r.category, r.n);
  const byRun = new Map<string, Record<string, number>>();
  for (const f of findings) {
    // Only the labeller's labels count (a submitter's own category, or another configuration's, never does; F.7.3).
    if (!f.category) continue;
    const counts = byRun.get(f.group) ?? {};
    add(counts, f.category, f.n);
    byRun.set(f.group, counts);
  }
  const runs = byRun.size
    ? await db.run.findMany({
        where: { id: { in: [...byRun.keys()] } },
        select: {
          id: true,
          index: true,
          submission: { select: { id: true, model: true, reasoningEffort: true, harness: true } },
        },
      })
    : [];
  const runsOf = new Map<string, { index: number; counts: CategoryCounts }[]>();
  for (const run of runs) {
    const list = runsOf.get(run.submission.id) ?? [];
    list.push({ index: run.index, counts: byRun.get(run.id)! });
    runsOf.set(run.submission.id, list);
  }
  const total = (c: CategoryCounts) => Object.values(c).reduce((s, n) => s + n, 0);
  const subjects: (DistanceSubjectView & { counts: CategoryCounts })[] = [];
  if (total(referenceCounts) > 0)
    subjects.push({
      key: "reference",
      label: labellers.sameLabeller
        ? "Maintainers (reference set)"
        : "Maintainers (reference set, maintainers' labels)",
      kind: "reference",
      submission_id: null,
      labeller: labellers.reference.key,
      n: total(referenceCounts),
      counts: referenceCounts,
    });
  const firstRuns = runs.filter((r) => r.index === 0);
  for (const run of firstRuns.sort(
    (x, y) => x.submission.model.localeCompare(y.submission.model) || x.submission.id.localeCompare(y.submission.id),
  )) {
    const s = run.submission;
    const counts = byRun.get(run.id)!;
    subjects.push({
      key: s.id,
      label: labelOf(s),
      kind: "configuration",
      submission_id: s.id,
      labeller: labellers.agents!.key,
      n: total(counts),
      counts,
    });
  }
  const reference = total(referenceCounts) > 0 ? referenceCounts : null;
  const categories = taxonomy
    ? taxonomyCategories(taxonomy).map((c) => c.name)
    : [...new Set(subjects.flatMap((s) => Object.keys(s.counts)))].sort();
  // Every configuration with an attributed run, in the heat map's order (one whose first run has none is still here).
  const configurations = [...new Map(runs.map((r) => [r.submission.id, r.submission])).values()].sort(
    (x, y) => x.model.localeCompare(y.model) || x.id.localeCompare(y.id),
  );
  const runLists = configurations.map((c) => runsOf.get(c.id)!.sort((x, y) => x.index - y.index));
  // The paper's "each agent run to the other runs": every run against the runs of every other configuration too.
  const across = crossConfigurationDistances(
    runLists.map((list) => list.map((r) => r.counts)),
    categories,
  );
  const withinConfiguration = configurations.map((c, i) => {
    const list = runLists[i]!;
    const { runToRun, referenceToRuns } = runDistances(
      reference,
      list.map((r) => r.counts),
      categories,
    );
    return {
      submission_id: c.id,
      label: labelOf(c),
      runs: list.length,
      run_to_run: runToRun,
      reference_to_runs: referenceToRuns,
      to_other_configurations: across.perConfiguration[i] ?? null,
    };
  });
  return {
    benchmark: b,
    base: 2,
    categories,
    subjects: subjects.map(({ counts: _counts, ...rest }) => rest),
    distances: distanceMatrix(subjects, categories),
    within_configuration: withinConfiguration,
    run_pairs: { within_configurations: across.within, across_configurations: across.across },
    labellers: { agents: labellers.agents, reference: labellers.reference },
    same_labeller: labellers.sameLabeller,
    labeller_note: labellers.note,
    labeller_choices: labellers.choices,
  };
}
