import { db } from "../../lib/db";
import type { EmbeddingProvider } from "../../lib/embeddings/provider";
import type { Judge, JudgeText } from "../../lib/llm/judge";
import { buildRunComponents, computeRunCurves } from "../../lib/scoring/components";
import { computeScoreBreakdown, meanScoreBreakdown } from "../../lib/scoring/metrics";
import { buildCandidatePairs } from "../../lib/scoring/prefilter";
import { PAPER_THRESHOLDS } from "../../lib/scoring/thresholds";
import type { BugText, CandidatePair, Metrics, ScoreBreakdown } from "../../lib/scoring/types";
import type { Prisma } from "../../lib/generated/prisma/client";
import { embedBugs } from "./embed-bugs";
import { insertRows } from "./insert-rows";
import { judgePairs, verdictKey, type JudgeRequest, type JudgeStats } from "./judge-pairs";

export type ScoringDeps = {
  judge: Judge;
  embedder: EmbeddingProvider;
  concurrency: number;
  onProgress?: (percent: number) => Promise<void>;
};

export type ScoringSummary = {
  skipped: boolean;
  comparedPairs: number;
  keptPairs: number;
  judge: JudgeStats;
  crossRunPairs: number;
  timings: { loadMs: number; embedMs: number; prefilterMs: number; judgeMs: number; writeMs: number; totalMs: number };
  overall?: Metrics;
};

type LoadedBug = BugText & { hash: string; judgeText: JudgeText };

// The six Table 10 signal values are stored with every kept pair, so maintainers can see why it was judged.
const CANDIDATE_PAIR_COLUMNS = {
  findingId: "text",
  referenceBugId: "text",
  lineOverlap: "float8",
  fullTextEmbedding: "float8",
  descriptionEmbedding: "float8",
  snippetTokens: "float8",
  identifiers: "float8",
  apiCalls: "float8",
  verdictId: "text",
} as const;

function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

function toBug(row: { id: string; file: string; lineStart: number; lineEnd: number; title: string; description: string; codeSnippet: string; contentHash: string }, repo: string): LoadedBug {
  const text = { repo, file: row.file, lineStart: row.lineStart, lineEnd: row.lineEnd, title: row.title, description: row.description, codeSnippet: row.codeSnippet };
  return { id: row.id, ...text, hash: row.contentHash, judgeText: text };
}

/** Marks the submission as being scored; false when another attempt already finished it (a duplicate job). */
export async function claimSubmission(submissionId: string): Promise<boolean> {
  const claimed = await db.submission.updateMany({
    where: { id: submissionId, scoringStatus: { in: ["queued", "scoring"] } },
    data: { scoringStatus: "scoring", scoringProgress: 0, scoringError: null },
  });
  return claimed.count === 1;
}

/**
 * Scores a submission end to end: embeddings, the six-signal prefilter per run, the judge on kept pairs, many-to-many
 * matches, per-run / mean / n-of-k scores. All derived rows are replaced in one transaction, so running it twice
 * leaves the same rows; verdicts and vectors are cached, so a rescore with a warm cache calls no LLM.
 */
export async function scoreSubmission(submissionId: string, deps: ScoringDeps): Promise<ScoringSummary> {
  const started = Date.now();
  const progress = deps.onProgress ?? (async () => undefined);
  const timings = { loadMs: 0, embedMs: 0, prefilterMs: 0, judgeMs: 0, writeMs: 0, totalMs: 0 };
  const submission = await db.submission.findUnique({
    where: { id: submissionId },
    include: { benchmark: { include: { repositories: true } }, runs: { orderBy: { index: "asc" } } },
  });
  if (!submission) throw new Error(`submission ${submissionId} does not exist`);
  const repoName = new Map(submission.benchmark.repositories.map((r) => [r.id, r.name]));
  const refRows = await db.referenceBug.findMany({
    where: { repository: { benchmarkId: submission.benchmarkId } },
    select: { id: true, repositoryId: true, file: true, lineStart: true, lineEnd: true, title: true, description: true, codeSnippet: true, contentHash: true },
  });
  const refs = refRows.map((r) => toBug(r, repoName.get(r.repositoryId)!));
  const runs: { id: string; findings: LoadedBug[] }[] = [];
  for (const run of submission.runs) {
    const rows = await db.finding.findMany({
      where: { runId: run.id },
      orderBy: { ordinal: "asc" },
      select: { id: true, repositoryId: true, file: true, lineStart: true, lineEnd: true, title: true, description: true, codeSnippet: true, contentHash: true },
    });
    runs.push({ id: run.id, findings: rows.map((r) => toBug(r, repoName.get(r.repositoryId)!)) });
  }
  const allFindings = runs.flatMap((r) => r.findings);
  timings.loadMs = Date.now() - started;

  let t = Date.now();
  const { maps: embeddings } = await embedBugs([...refs, ...allFindings], deps.embedder);
  timings.embedMs = Date.now() - t;
  await progress(10);

  // Prefilter each run on its own, so a run's score never depends on the other runs of the submission.
  t = Date.now();
  let comparedPairs = 0;
  const refPairs: CandidatePair[] = [];
  for (const run of runs) {
    const result = buildCandidatePairs({ left: run.findings, right: refs, embeddings, thresholds: PAPER_THRESHOLDS });
    comparedPairs += result.comparedPairs;
    refPairs.push(...result.pairs);
  }
  // Repeated runs: cross-run duplicate candidates from the same prefilter, for the n-of-k curves.
  const crossPairs: CandidatePair[] = [];
  for (let i = 0; i < runs.length; i++) {
    for (let j = i + 1; j < runs.length; j++) {
      crossPairs.push(...buildCandidatePairs({ left: runs[i]!.findings, right: runs[j]!.findings, embeddings }).pairs);
    }
  }
  timings.prefilterMs = Date.now() - t;
  await progress(15);

  t = Date.now();
  const byId = new Map<string, LoadedBug>([...refs, ...allFindings].map((b) => [b.id, b]));
  const requests: JudgeRequest[] = refPairs.map((p) => {
    const finding = byId.get(p.leftId)!;
    const ref = byId.get(p.rightId)!;
    return { leftHash: finding.hash, rightHash: ref.hash, left: finding.judgeText, right: ref.judgeText, signals: p.signals };
  });
  for (const p of crossPairs) {
    // Same-root-cause is symmetric: order the texts so (a, b) and (b, a) share one verdict.
    const [a, b] = [byId.get(p.leftId)!, byId.get(p.rightId)!].sort((x, y) => (x.hash < y.hash ? -1 : 1)) as [LoadedBug, LoadedBug];
    requests.push({ leftHash: a.hash, rightHash: b.hash, left: a.judgeText, right: b.judgeText, signals: p.signals });
  }
  const { verdicts, stats } = await judgePairs(requests, deps.judge, {
    concurrency: deps.concurrency,
    onProgress: (done, total) => progress(15 + Math.floor((80 * done) / Math.max(total, 1))),
  });
  timings.judgeMs = Date.now() - t;

  // Maintainer overrides win over the judge (DESIGN.md: an override rescores).
  const overrides = await db.matchOverride.findMany({
    where: { findingContentHash: { in: [...new Set(allFindings.map((f) => f.hash))] } },
    select: { findingContentHash: true, referenceHash: true, match: true },
  });
  const overrideOf = new Map(overrides.map((o) => [verdictKey(o.findingContentHash, o.referenceHash), o.match]));

  const isMatch = (leftHash: string, rightHash: string): boolean => {
    const key = verdictKey(leftHash, rightHash);
    return overrideOf.get(key) ?? verdicts.get(key)?.match ?? false;
  };
  const matches: { findingId: string; referenceId: string; source: string }[] = [];
  for (const p of refPairs) {
    const f = byId.get(p.leftId)!;
    const r = byId.get(p.rightId)!;
    if (isMatch(f.hash, r.hash)) matches.push({ findingId: f.id, referenceId: r.id, source: overrideOf.has(verdictKey(f.hash, r.hash)) ? "override" : "judge" });
  }
  // An override can also add a match the prefilter never proposed. Lookups by hash, not a findings x overrides loop.
  const proposed = new Set(refPairs.map((p) => `${p.leftId}:${p.rightId}`));
  const refsByHash = groupBy(refs, (r) => r.hash);
  const positiveOverrides = groupBy(
    overrides.filter((o) => o.match),
    (o) => o.findingContentHash,
  );
  for (const f of allFindings) {
    for (const o of positiveOverrides.get(f.hash) ?? []) {
      for (const r of refsByHash.get(o.referenceHash) ?? []) {
        if (r.repo === f.repo && !proposed.has(`${f.id}:${r.id}`)) matches.push({ findingId: f.id, referenceId: r.id, source: "override" });
      }
    }
  }

  const repositories = submission.benchmark.repositories.map((r) => ({ name: r.name, language: r.language }));
  const referenceBugs = refs.map((r) => ({ id: r.id, repo: r.repo }));
  const runIndexOf = new Map<string, number>();
  runs.forEach((run, index) => run.findings.forEach((f) => runIndexOf.set(f.id, index)));
  const matchesByRun = groupBy(matches, (m) => runIndexOf.get(m.findingId)!);
  const runScores: ScoreBreakdown[] = runs.map((run, index) =>
    computeScoreBreakdown({
      repositories,
      referenceBugs,
      findings: run.findings.map((f) => ({ id: f.id, repo: f.repo })),
      matches: matchesByRun.get(index) ?? [],
    }),
  );
  const mean = meanScoreBreakdown(runScores);

  let curves: ReturnType<typeof computeRunCurves> = [];
  if (runs.length > 1) {
    const runOf = runIndexOf;
    const edges: [string, string][] = [];
    for (const p of crossPairs) {
      const a = byId.get(p.leftId)!;
      const b = byId.get(p.rightId)!;
      const [x, y] = a.hash < b.hash ? [a, b] : [b, a];
      if (verdicts.get(verdictKey(x.hash, y.hash))?.match) edges.push([a.id, b.id]);
    }
    // Findings of different runs matched to a common reference bug share its root cause, so they merge too.
    const firstByRef = new Map<string, string>();
    for (const m of matches) {
      const first = firstByRef.get(m.referenceId);
      if (first === undefined) firstByRef.set(m.referenceId, m.findingId);
      else if (runOf.get(first) !== runOf.get(m.findingId)) edges.push([first, m.findingId]);
    }
    const { components, componentOf } = buildRunComponents({
      findings: allFindings.map((f) => ({ id: f.id, runIndex: runOf.get(f.id)! })),
      sameRootCauseEdges: edges,
    });
    curves = computeRunCurves({ runCount: runs.length, components, componentOf, referenceBugCount: refs.length, matches });
  }

  t = Date.now();
  const scoreRows = [
    ...runs.flatMap((run, i) => breakdownRows(submissionId, run.id, "run", 0, runScores[i]!)),
    ...breakdownRows(submissionId, null, "mean", 0, mean),
    ...curves.map((c) => scoreRow(submissionId, null, "curve", c.n, "overall", "", c)),
  ];
  const embedderInfo = { provider: deps.embedder.provider, model: deps.embedder.model };
  await db.$transaction(
    async (tx) => {
      await tx.candidatePair.deleteMany({ where: { finding: { run: { submissionId } } } });
      await tx.match.deleteMany({ where: { finding: { run: { submissionId } } } });
      await tx.crossRunPair.deleteMany({ where: { submissionId } });
      await tx.score.deleteMany({ where: { submissionId } });
      const pairRows: Prisma.CandidatePairCreateManyInput[] = refPairs.map((p) => {
        const f = byId.get(p.leftId)!;
        const r = byId.get(p.rightId)!;
        return { findingId: p.leftId, referenceBugId: p.rightId, ...p.signals, verdictId: verdicts.get(verdictKey(f.hash, r.hash))?.id ?? null };
      });
      await insertRows(tx, "CandidatePair", CANDIDATE_PAIR_COLUMNS, pairRows);
      const matchRows: Prisma.MatchCreateManyInput[] = matches.map((m) => ({ findingId: m.findingId, referenceBugId: m.referenceId, source: m.source }));
      await insertRows(tx, "Match", { findingId: "text", referenceBugId: "text", source: "text" }, matchRows, { onConflictDoNothing: true });
      const crossRows: Prisma.CrossRunPairCreateManyInput[] = crossPairs.map((p) => {
        const a = byId.get(p.leftId)!;
        const b = byId.get(p.rightId)!;
        const [x, y] = a.hash < b.hash ? [a, b] : [b, a];
        return { submissionId, leftId: p.leftId, rightId: p.rightId, verdictId: verdicts.get(verdictKey(x.hash, y.hash))?.id ?? null };
      });
      await insertRows(tx, "CrossRunPair", { submissionId: "text", leftId: "text", rightId: "text", verdictId: "text" }, crossRows, { onConflictDoNothing: true });
      await tx.score.createMany({ data: scoreRows });
      const usage = {
        judgeModel: deps.judge.model,
        offlineJudge: deps.judge.offline,
        promptVersion: deps.judge.promptVersion,
        embeddingProvider: embedderInfo.provider,
        embeddingModel: embedderInfo.model,
        thresholds: PAPER_THRESHOLDS,
        benchmarkVersion: `${submission.benchmark.slug}@${submission.benchmark.version}`,
        comparedPairs,
        keptPairs: refPairs.length,
        judgeCalls: stats.calls,
        cachedVerdicts: stats.cached,
        inputTokens: stats.inputTokens,
        outputTokens: stats.outputTokens,
        costUsd: stats.costUsd,
      };
      await tx.judgeUsage.upsert({ where: { submissionId }, create: { submissionId, ...usage }, update: usage });
      await tx.submission.update({
        where: { id: submissionId },
        data: { scoringStatus: "scored", scoringProgress: 100, scoringError: null, scoredAt: new Date() },
      });
    },
    { timeout: 300_000 },
  );
  timings.writeMs = Date.now() - t;
  timings.totalMs = Date.now() - started;
  return { skipped: false, comparedPairs, keptPairs: refPairs.length, judge: stats, crossRunPairs: crossPairs.length, timings, overall: mean.overall };
}

function scoreRow(submissionId: string, runId: string | null, kind: string, n: number, scope: string, key: string, m: Metrics) {
  return {
    submissionId,
    runId,
    kind,
    n,
    scope,
    key,
    recall: m.recall,
    precision: m.precision,
    f1: m.f1,
    matchedReferenceBugs: m.matched_reference_bugs,
    referenceBugs: m.reference_bugs,
    matchedFindings: m.matched_findings,
    findings: m.findings,
  };
}

function breakdownRows(submissionId: string, runId: string | null, kind: string, n: number, b: ScoreBreakdown) {
  return [
    scoreRow(submissionId, runId, kind, n, "overall", "", b.overall),
    ...b.languages.map((l) => scoreRow(submissionId, runId, kind, n, "language", l.language, l)),
    ...b.repositories.map((r) => scoreRow(submissionId, runId, kind, n, "repository", r.repo, r)),
  ];
}
