// bench:workbench - how fast the maintainer's workbench reads at PROBE's scale. Run `npm run bench:score`
// first: it leaves a scored submission of 8,285 findings against 2,457 reference bugs (20 repositories) in its
// scratch database. This script approves that submission there (a scratch database: nothing else reads it), then
// times each workbench read through the same service functions the routes call, cold and warm (median of 5), with
// the answer sizes. Environment: BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/probebench_bench).

import { performance } from "node:perf_hooks";

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/probebench_bench";
// lib/env.ts parses process.env once, at import: point it at the bench database before any lib/ import.
process.env.DATABASE_URL = DATABASE_URL;

const { db, disconnectDb } = await import("../lib/db");
const { getMatchCounts, getSubmissionMatches, matchesJson } =
  await import("../lib/server/workbench/get-submission-matches");
const { getPair } = await import("../lib/server/workbench/get-pair");
const { getRepositoryBugs, getReferenceBugDetail } = await import("../lib/server/workbench/repository-bugs");
const { matchesCsv, repositoryBugsCsv } = await import("../lib/server/workbench/workbench-downloads");
const { findingPublicId } = await import("../lib/workbench/finding-ids");

const staff = { id: "bench", role: "admin" as const };

async function time<T>(label: string, fn: () => Promise<T>, size: (value: T) => string): Promise<void> {
  const started = performance.now();
  const first = await fn();
  const cold = performance.now() - started;
  const warm: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    await fn();
    warm.push(performance.now() - t);
  }
  warm.sort((a, b) => a - b);
  console.log(`| ${label} | ${cold.toFixed(0)} | ${warm[2]!.toFixed(0)} | ${size(first)} |`);
}

const submission = await db.submission.findFirst({
  where: { scoringStatus: "scored", source: "upload" },
  orderBy: { createdAt: "desc" },
  include: { benchmark: true, runs: { include: { _count: { select: { findings: true } } } } },
});
if (!submission) throw new Error(`no scored submission in ${DATABASE_URL}: run npm run bench:score first`);
await db.submission.update({ where: { id: submission.id }, data: { reviewStatus: "approved" } });
const key = `${submission.benchmark.slug}@${submission.benchmark.version}`;
const pairs = await db.candidatePair.count({ where: { attemptId: submission.scoringAttemptId } });
const matches = await db.match.count({ where: { attemptId: submission.scoringAttemptId } });
// The repository with the most reference bugs, and one of its matched pairs.
const [largest] = await db.$queryRaw<{ name: string; id: string; n: bigint }[]>`
  SELECT r.name, r.id, count(b.id) AS n FROM "Repository" r JOIN "ReferenceBug" b ON b."repositoryId" = r.id
  WHERE r."benchmarkId" = ${submission.benchmarkId} GROUP BY r.id ORDER BY n DESC LIMIT 1`;
const pair = await db.match.findFirstOrThrow({
  where: { attemptId: submission.scoringAttemptId, referenceBug: { repositoryId: largest!.id } },
  include: { finding: { include: { run: true } }, referenceBug: true },
});
const findingId = findingPublicId(pair.finding, pair.finding.run.index);
console.log(
  `submission ${submission.id}: ${submission.runs.reduce((n, r) => n + r._count.findings, 0)} findings, ${pairs} kept pairs, ${matches} matches; largest repository ${largest!.name} (${largest!.n} reference bugs)`,
);
console.log("| read | cold ms | warm ms (median of 5) | answer |");
console.log("| --- | --- | --- | --- |");
await time(
  "matches, all repositories (JSON)",
  () => getSubmissionMatches(submission.id, staff),
  (m) => `${(JSON.stringify(matchesJson(m)).length / 1024).toFixed(0)} KB`,
);
await time(
  "matches, all repositories (CSV)",
  async () => matchesCsv(await getSubmissionMatches(submission.id, staff)),
  (csv) => `${(csv.length / 1024).toFixed(0)} KB`,
);
await time(
  "matches page tabs (counts per repository)",
  () => getMatchCounts(submission.id, staff),
  (c) => `${c.length} repositories`,
);
await time(
  `matches, ${largest!.name}`,
  () => getSubmissionMatches(submission.id, staff, { repo: largest!.name }),
  (m) => `${(JSON.stringify(matchesJson(m)).length / 1024).toFixed(0)} KB`,
);
await time(
  "pair",
  () => getPair(submission.id, findingId, pair.referenceBug.externalId, staff),
  (p) => `${(JSON.stringify(p).length / 1024).toFixed(1)} KB`,
);
await time(
  `reference bugs with found_by, ${largest!.name}`,
  () => getRepositoryBugs(key, largest!.name, null),
  (v) => `${v.bugs.length} bugs, ${(JSON.stringify(v).length / 1024).toFixed(0)} KB`,
);
await time(
  `reference bugs CSV, ${largest!.name}`,
  async () => repositoryBugsCsv(await getRepositoryBugs(key, largest!.name, null)),
  (csv) => `${(csv.length / 1024).toFixed(0)} KB`,
);
await time(
  "reference bug with its findings",
  () => getReferenceBugDetail(key, largest!.name, pair.referenceBug.externalId, null),
  (v) => `${v.matched_by.length} findings`,
);
await disconnectDb();
