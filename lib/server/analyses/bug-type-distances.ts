import "server-only";
import type { z } from "zod";
import type { bugTypeDistancesSchema } from "../../contracts/public-reads";
import { db } from "../../db";
import { distanceMatrix, type CategoryCounts } from "../../analyses/bug-type-distance";
import { readTaxonomy, taxonomyCategories } from "../../attribution/taxonomy";
import type { BenchmarkRef } from "../../leaderboard/types";
import { countAttributedFindings, countAttributedReferences } from "../attribution/attributed-counts";
import { resolveBenchmark } from "../leaderboard/list-public-benchmarks";
import { cachedByStamp, readBenchmarkStamp } from "../leaderboard/stamp-cache";
import type { AgentPool } from "../../attribution/agent-pool";

// §4.2, Figure 6: Jensen-Shannon distances between the bug-type distributions of every public verified configuration
// (its first run, as the bug-types page counts it) and the maintainers' reference set. Only categories attributed by
// the one classifier are pooled (a submitter's own labels are theirs, not comparable); the distance runs over the
// taxonomy's categories. A few hundred pairs over a few dozen categories: computed on read, cached by the stamp.

// Figure 6 compares every configuration, whatever its harness or source.
const EVERY_CONFIGURATION: AgentPool = { harness: "all", source: "all" };

export type BugTypeDistances = z.input<typeof bugTypeDistancesSchema>;
type DistanceSubjectView = BugTypeDistances["subjects"][number];

export async function loadBugTypeDistances(benchmarkRef: string | null | undefined): Promise<BugTypeDistances> {
  const b = await resolveBenchmark(benchmarkRef);
  return cachedByStamp(
    `bug-type-distances:${b.id}`,
    () => readBenchmarkStamp(b.id),
    () => readDistances(b),
  );
}

async function readDistances(b: BenchmarkRef): Promise<BugTypeDistances> {
  const benchmark = await db.benchmark.findUniqueOrThrow({ where: { id: b.id }, select: { taxonomy: true } });
  const taxonomy = readTaxonomy(benchmark.taxonomy);
  const [references, findings] = await Promise.all([
    countAttributedReferences(b.id, benchmark.taxonomy),
    countAttributedFindings(b.id, benchmark.taxonomy, EVERY_CONFIGURATION),
  ]);
  const add = (counts: Record<string, number>, category: string | null, n: number) => {
    if (category) counts[category] = (counts[category] ?? 0) + n;
  };
  const referenceCounts: Record<string, number> = {};
  for (const r of references) add(referenceCounts, r.category, r.n);
  const byRun = new Map<string, Record<string, number>>();
  for (const f of findings) {
    // Only the classifier's labels count (a submitter's own category never does, F.7.3).
    if (!f.category) continue;
    const counts = byRun.get(f.group) ?? {};
    add(counts, f.category, f.n);
    byRun.set(f.group, counts);
  }
  const runs = byRun.size
    ? await db.run.findMany({
        where: { id: { in: [...byRun.keys()] } },
        select: { id: true, submission: { select: { id: true, model: true, reasoningEffort: true, harness: true } } },
      })
    : [];
  const total = (c: CategoryCounts) => Object.values(c).reduce((s, n) => s + n, 0);
  const subjects: (DistanceSubjectView & { counts: CategoryCounts })[] = [];
  if (total(referenceCounts) > 0)
    subjects.push({
      key: "reference",
      label: "Maintainers (reference set)",
      kind: "reference",
      submission_id: null,
      n: total(referenceCounts),
      counts: referenceCounts,
    });
  for (const run of runs.sort(
    (x, y) => x.submission.model.localeCompare(y.submission.model) || x.submission.id.localeCompare(y.submission.id),
  )) {
    const s = run.submission;
    const counts = byRun.get(run.id)!;
    subjects.push({
      key: s.id,
      label: [s.model, s.reasoningEffort, s.harness].filter(Boolean).join(" · "),
      kind: "configuration",
      submission_id: s.id,
      n: total(counts),
      counts,
    });
  }
  const categories = taxonomy
    ? taxonomyCategories(taxonomy).map((c) => c.name)
    : [...new Set(subjects.flatMap((s) => Object.keys(s.counts)))].sort();
  return {
    benchmark: b,
    base: 2,
    categories,
    subjects: subjects.map(({ counts: _counts, ...rest }) => rest),
    distances: distanceMatrix(subjects, categories),
  };
}
