import "server-only";
import { db } from "../../db";
import { SCORE_FIGURES_SELECT } from "../../db-selects";
import { storedScoreOf, type ScoreRow as StoredScoreRow } from "../submissions/read-scores";
import { clopperPearson } from "../../scoring/stats";
import { resolveBenchmark, summarizeBenchmark } from "../public-reads/list-public-benchmarks";
import { PUBLIC_SUBMISSION } from "../public-reads/public-submission";
import { benchmarkStampSource, cachedByStamp } from "../public-reads/stamp-cache";
import { readPanelValidities } from "../panel/panel-validities";
import { readContaminationSummaries } from "../analyses/read-analyses";
import { readPostCutoffRecall } from "./post-cutoff-recall";
import type {
  Coverage,
  LeaderboardData,
  LeaderboardEntry,
  PanelValidity,
  PublicPeriod,
  RepositoryInfo,
} from "../../leaderboard/types";
import { publicPeriodsOf, type ReviewEvent } from "../../leaderboard/history";
import { formatUtc } from "../../format";
import { OFFLINE_EMBEDDING_PROVIDER } from "../../embeddings/offline-embedder";

// Everything the public views of one benchmark version need, read from precomputed Score rows only (never from
// findings or matches), and cached per process until the version's stamp moves (see stamp-cache.ts).

type LeaderboardScoreRow = Omit<StoredScoreRow, "n"> & { submissionId: string };

/** The cached data of a version given as `slug@version` (or the default version when empty). */
export async function loadLeaderboardData(benchmarkRef: string | null | undefined): Promise<LeaderboardData> {
  const benchmark = await resolveBenchmark(benchmarkRef);
  return cachedByStamp(`leaderboard:${benchmark.id}`, benchmarkStampSource(benchmark.id), (stamp) =>
    readLeaderboardData(benchmark.id, stamp),
  );
}

async function readLeaderboardData(benchmarkId: string, stamp: string): Promise<LeaderboardData> {
  const benchmark = await db.benchmark.findUniqueOrThrow({
    where: { id: benchmarkId },
    include: { repositories: { orderBy: { name: "asc" }, include: { _count: { select: { referenceBugs: true } } } } },
  });
  const submissions = await db.submission.findMany({
    where: { benchmarkId, ...PUBLIC_SUBMISSION },
    select: {
      id: true,
      model: true,
      reasoningEffort: true,
      harness: true,
      source: true,
      costUsd: true,
      reportUrl: true,
      openModel: true,
      organisation: true,
      modelLicence: true,
      parameterCount: true,
      reportedData: true,
      knowledgeCutoff: true,
      scoringAttemptId: true,
      createdAt: true,
      scoredAt: true,
      judgeUsage: { select: { offlineJudge: true, embeddingProvider: true } },
      runs: { select: { id: true, index: true }, orderBy: { index: "asc" } },
    },
    orderBy: { createdAt: "asc" },
  });
  const scores: LeaderboardScoreRow[] = await db.score.findMany({
    where: { submissionId: { in: submissions.map((s) => s.id) }, kind: { in: ["mean", "run"] } },
    select: {
      submissionId: true,
      runId: true,
      kind: true,
      scope: true,
      key: true,
      ...SCORE_FIGURES_SELECT,
    },
  });
  // Verified entries: validity from their finished panel (never from anything else).
  const panels = await readPanelValidities(submissions.filter((s) => s.source !== "reported").map((s) => s.id));
  // §C.4: stored fix-rank tests (verified) or Table 16 (reported), one summary per entry.
  const contamination = await readContaminationSummaries(benchmarkId, submissions);
  const periods = await readPublicPeriods(submissions);
  const postCutoff = await readPostCutoffRecall(benchmark, submissions);
  const bySubmission = new Map<string, LeaderboardScoreRow[]>();
  for (const row of scores) bySubmission.set(row.submissionId, [...(bySubmission.get(row.submissionId) ?? []), row]);

  const taxonomy = (benchmark.taxonomy ?? {}) as {
    reported?: {
      source?: { year?: number | null };
      reference_bugs?: number;
      repository_count?: number;
      subsets?: Record<string, { repository_count?: number; reference_bugs?: number }>;
    };
  };
  const publishedYear = taxonomy.reported?.source?.year ?? null;

  const repositories: RepositoryInfo[] = benchmark.repositories.map((r) => ({
    name: r.name,
    language: r.language,
    domain: r.domain,
    snapshotCommit: r.snapshotCommit,
    referenceBugs: r._count.referenceBugs > 0 ? r._count.referenceBugs : r.referenceBugCount,
    referenceBugsListed: r._count.referenceBugs > 0,
  }));

  const entries: LeaderboardEntry[] = submissions.map((s) => {
    const rows = bySubmission.get(s.id) ?? [];
    const mean = rows.filter((r) => r.kind === "mean");
    const reported = s.source === "reported" ? ((s.reportedData ?? {}) as Record<string, unknown>) : null;
    const overall = mean.find((r) => r.scope === "overall");
    return {
      id: s.id,
      model: s.model,
      effort: s.reasoningEffort,
      harness: s.harness,
      source: reported ? "reported" : "verified",
      submissionSource: s.source,
      costUsd: s.costUsd,
      runs: reported ? Number(reported.runs ?? 1) : Math.max(s.runs.length, 1),
      date: reported ? (publishedYear ? String(publishedYear) : null) : formatUtc(s.scoredAt ?? s.createdAt),
      coverage: reported && typeof reported.subset === "string" ? reported.subset : "full",
      offlineJudge: s.judgeUsage[0]?.offlineJudge ?? null,
      offlineEmbedder: s.judgeUsage[0] ? s.judgeUsage[0].embeddingProvider === OFFLINE_EMBEDDING_PROVIDER : null,
      reportUrl: s.reportUrl,
      openModel: s.openModel,
      organisation: s.organisation,
      modelLicence: s.modelLicence,
      parameterCount: s.parameterCount === null ? null : Number(s.parameterCount),
      publicPeriods: periods.get(s.id)!,
      notes: reported && typeof reported.notes === "string" ? reported.notes : null,
      panel: reported ? panelOf(reported.panel) : (panels.get(s.id) ?? null),
      contamination: contamination.get(s.id) ?? null,
      postCutoff: postCutoff.get(s.id) ?? null,
      overall: overall ? storedScoreOf(overall) : null,
      languages: Object.fromEntries(mean.filter((r) => r.scope === "language").map((r) => [r.key, storedScoreOf(r)])),
      repositories: Object.fromEntries(
        mean.filter((r) => r.scope === "repository").map((r) => [r.key, storedScoreOf(r)]),
      ),
      runScores:
        s.runs.length > 1
          ? s.runs.map((run) => {
              const mine = rows.filter((r) => r.kind === "run" && r.runId === run.id);
              const runOverall = mine.find((r) => r.scope === "overall");
              return {
                overall: runOverall ? storedScoreOf(runOverall) : null,
                repositories: Object.fromEntries(
                  mine.filter((r) => r.scope === "repository").map((r) => [r.key, storedScoreOf(r)]),
                ),
              };
            })
          : [],
    };
  });

  const coverages: Coverage[] = [
    { key: "full", label: "All repositories", repositoryCount: null, referenceBugs: null },
  ];
  for (const key of new Set(entries.map((e) => e.coverage))) {
    if (key === "full") continue;
    const subset = taxonomy.reported?.subsets?.[key];
    coverages.push({
      key,
      label: `${key} (${subset?.repository_count ?? "?"} repositories, reported only)`,
      repositoryCount: subset?.repository_count ?? null,
      referenceBugs: subset?.reference_bugs ?? null,
    });
  }

  return {
    benchmark: summarizeBenchmark(benchmark),
    repositories,
    languages: [...new Set(repositories.map((r) => r.language))].sort(),
    coverages,
    entries,
    published:
      taxonomy.reported?.reference_bugs !== undefined && taxonomy.reported.repository_count !== undefined
        ? { repositories: taxonomy.reported.repository_count, referenceBugs: taxonomy.reported.reference_bugs }
        : null,
    comparable: benchmark.referenceVisibility === "public" && entries.some((e) => e.source === "verified"),
    stamp,
    generatedAt: new Date().toISOString(),
  };
}

/**
 * When each entry was on the board, from the approvals and rejections the audit log recorded for it (one indexed
 * read by target); an entry with none recorded (an import of published results) counts from its scoring.
 */
async function readPublicPeriods(
  submissions: { id: string; createdAt: Date; scoredAt: Date | null }[],
): Promise<Map<string, PublicPeriod[]>> {
  const events = await db.auditLog.findMany({
    where: {
      target: { in: submissions.map((s) => `submission:${s.id}`) },
      action: { in: ["submission.approve", "submission.reject"] },
    },
    select: { target: true, action: true, createdAt: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const byTarget = new Map<string, ReviewEvent[]>();
  for (const e of events) {
    const list = byTarget.get(e.target) ?? [];
    list.push({ action: e.action === "submission.approve" ? "approve" : "reject", at: e.createdAt });
    byTarget.set(e.target, list);
  }
  return new Map(
    submissions.map((s) => [
      s.id,
      publicPeriodsOf(byTarget.get(`submission:${s.id}`) ?? [], s.scoredAt ?? s.createdAt),
    ]),
  );
}

/** Table 14 verdicts of a reported entry; the interval is recomputed from the counts when they are given. */
function panelOf(value: unknown): PanelValidity | null {
  if (!value || typeof value !== "object") return null;
  const p = value as {
    confirmed?: number;
    rejected?: number;
    abstained?: number;
    validity?: number;
    ci?: [number, number];
  };
  const decided = p.confirmed !== undefined && p.rejected !== undefined ? p.confirmed + p.rejected : null;
  const interval = decided ? clopperPearson(p.confirmed!, decided) : null;
  return {
    confirmed: p.confirmed ?? null,
    rejected: p.rejected ?? null,
    abstained: p.abstained ?? null,
    validity: decided ? p.confirmed! / decided : p.validity !== undefined ? p.validity / 100 : null,
    interval: interval ?? (p.ci ? [p.ci[0] / 100, p.ci[1] / 100] : null),
    basis: "reported",
    textOnly: null,
    textOnlyValidity: null,
    textOnlyInterval: null,
    checkedShare: null,
    wholeValidity: null,
    wholeInterval: null,
    sampled: null,
    graded: null,
  };
}
