import type { z } from "zod";
import "server-only";
import { db } from "../../db";
import { AppError } from "../../errors";
import { Prisma } from "../../generated/prisma/client";
import type { DrawLabelSampleBody } from "../../contracts/judge-quality";
import { allocateStrata, DEFAULT_STRATUM_SHARES, drawFilteredOut, drawSeeded } from "../../judge-quality/sampling";
import { STRATA, type Stratum } from "../../judge-quality/matcher-quality";
import { keyedOrder } from "../../judge-quality/blind-order";
import { blindingKey } from "../../blinding-key";
import { recordAuditLog } from "../audit-log/record-audit-log";
import { loadVersion, newSeed } from "./load-version";
import type { labelSampleSchema } from "../../contracts/judge-quality";

// Draws pairs for maintainers to label (§2.3, §A.4), from the current scorings of the version's scored submissions:
// pairs the judge matched, pairs it rejected, and pairs the prefilter never sent to it, in DEFAULT_STRATUM_SHARES
// (40/40/20). Pairs are keyed by their two texts: a pair already drawn for the version is never drawn again. The
// seed, the shares and what each stratum gave are recorded on the sample.

type PoolPair = {
  submissionId: string;
  leftFindingId: string;
  rightFindingId: string | null;
  referenceBugId: string | null;
  leftHash: string;
  rightHash: string;
  prefilterVersion: string;
  embedder: string;
};
type JudgedRow = PoolPair & { match: boolean };

async function judgedReferencePairs(benchmarkId: string): Promise<JudgedRow[]> {
  return db.$queryRaw<JudgedRow[]>(Prisma.sql`
    SELECT s.id AS "submissionId", cp."findingId" AS "leftFindingId", NULL AS "rightFindingId",
           cp."referenceBugId" AS "referenceBugId", v."leftHash", v."rightHash", v.match,
           ju."prefilterVersion", ju."embeddingProvider" || '/' || ju."embeddingModel" AS embedder
    FROM "Submission" s
    JOIN "JudgeUsage" ju ON ju."submissionId" = s.id
    JOIN "Run" r ON r."submissionId" = s.id
    JOIN "Finding" f ON f."runId" = r.id
    JOIN "CandidatePair" cp ON cp."findingId" = f.id AND cp."attemptId" = s."scoringAttemptId"
    JOIN "JudgeVerdict" v ON v.id = cp."verdictId"
    WHERE s."benchmarkId" = ${benchmarkId} AND s."scoringStatus" = 'scored' AND s.source <> 'reported'
    ORDER BY cp.id`);
}

async function judgedDuplicatePairs(benchmarkId: string): Promise<JudgedRow[]> {
  return db.$queryRaw<JudgedRow[]>(Prisma.sql`
    SELECT s.id AS "submissionId", x."leftId" AS "leftFindingId", x."rightId" AS "rightFindingId",
           NULL AS "referenceBugId", v."leftHash", v."rightHash", v.match,
           ju."prefilterVersion", ju."embeddingProvider" || '/' || ju."embeddingModel" AS embedder
    FROM "Submission" s
    JOIN "JudgeUsage" ju ON ju."submissionId" = s.id
    JOIN "CrossRunPair" x ON x."submissionId" = s.id AND x."attemptId" = s."scoringAttemptId"
    JOIN "JudgeVerdict" v ON v.id = x."verdictId"
    WHERE s."benchmarkId" = ${benchmarkId} AND s."scoringStatus" = 'scored' AND s.source <> 'reported'
    ORDER BY x.id`);
}

type FindingRow = {
  id: string;
  submissionId: string;
  repositoryId: string;
  contentHash: string;
  prefilterVersion: string;
  embedder: string;
};

async function scoredFindings(benchmarkId: string, duplicates: boolean): Promise<FindingRow[]> {
  // Duplicate candidates exist only in submissions of several runs (a single run is not searched for duplicates).
  const several = duplicates
    ? Prisma.sql`AND (SELECT count(*) FROM "Run" r2 WHERE r2."submissionId" = s.id) > 1`
    : Prisma.empty;
  return db.$queryRaw<FindingRow[]>(Prisma.sql`
    SELECT f.id, s.id AS "submissionId", f."repositoryId", f."contentHash", ju."prefilterVersion",
           ju."embeddingProvider" || '/' || ju."embeddingModel" AS embedder
    FROM "Submission" s
    JOIN "JudgeUsage" ju ON ju."submissionId" = s.id
    JOIN "Run" r ON r."submissionId" = s.id
    JOIN "Finding" f ON f."runId" = r.id
    WHERE s."benchmarkId" = ${benchmarkId} AND s."scoringStatus" = 'scored' AND s.source <> 'reported' ${several}
    ORDER BY f.id`);
}

/** Pairs the prefilter did not keep: a finding against a reference bug of its repository, or two findings of one submission and repository. */
async function filteredOutPool(
  benchmarkId: string,
  kind: "reference" | "duplicate",
  n: number,
  seed: string,
  kept: Set<string>,
): Promise<PoolPair[]> {
  if (n === 0) return [];
  const findings = await scoredFindings(benchmarkId, kind === "duplicate");
  if (kind === "reference") {
    const bugs = await db.referenceBug.findMany({
      where: { repository: { benchmarkId } },
      select: { id: true, repositoryId: true, contentHash: true },
      orderBy: { id: "asc" },
    });
    const byRepo = new Map<string, typeof bugs>();
    for (const b of bugs) byRepo.set(b.repositoryId, [...(byRepo.get(b.repositoryId) ?? []), b]);
    return drawFilteredOut(
      findings,
      (f) => byRepo.get(f.repositoryId) ?? [],
      (f, b) => kept.has(`${f.contentHash}\u0000${b.contentHash}`),
      n,
      seed,
    ).map(({ left, right }) => ({
      submissionId: left.submissionId,
      leftFindingId: left.id,
      rightFindingId: null,
      referenceBugId: right.id,
      leftHash: left.contentHash,
      rightHash: right.contentHash,
      prefilterVersion: left.prefilterVersion,
      embedder: left.embedder,
    }));
  }
  const byGroup = new Map<string, FindingRow[]>();
  for (const f of findings) {
    const key = `${f.submissionId}\u0000${f.repositoryId}`;
    byGroup.set(key, [...(byGroup.get(key) ?? []), f]);
  }
  return drawFilteredOut(
    findings,
    (f) => byGroup.get(`${f.submissionId}\u0000${f.repositoryId}`) ?? [],
    (a, b) => a.contentHash === b.contentHash || kept.has(orderedKey(a.contentHash, b.contentHash)),
    n,
    seed,
  ).map(({ left, right }) => {
    const [l, r] = left.contentHash < right.contentHash ? [left, right] : [right, left];
    return {
      submissionId: l.submissionId,
      leftFindingId: l.id,
      rightFindingId: r.id,
      referenceBugId: null,
      leftHash: l.contentHash,
      rightHash: r.contentHash,
      prefilterVersion: l.prefilterVersion,
      embedder: l.embedder,
    };
  });
}

/**
 * The strata interleaved by a keyed hash of each pair's texts (lib/judge-quality/blind-order.ts): the server's key is
 * never shown, so nothing a labeller reads (positions, ids, the seed) tells a pair's stratum.
 */
function orderForLabellers(drawn: Record<Stratum, PoolPair[]>, seed: string) {
  const pairs = STRATA.flatMap((stratum) => drawn[stratum].map((p) => ({ ...p, stratum })));
  return keyedOrder(pairs, (p) => `${p.leftHash}\u0000${p.rightHash}`, blindingKey(), `label-order\u0000${seed}`);
}

const orderedKey = (a: string, b: string) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);

export type DrawnLabelSample = z.input<typeof labelSampleSchema>;

export async function drawLabelSample(caller: { id: string }, input: DrawLabelSampleBody): Promise<DrawnLabelSample> {
  const version = await loadVersion(input.benchmark);
  const seed = input.seed ?? newSeed();
  const judged =
    input.kind === "reference" ? await judgedReferencePairs(version.id) : await judgedDuplicatePairs(version.id);
  if (judged.length === 0) {
    throw new AppError(
      "conflict",
      input.kind === "reference"
        ? `No scored submission of ${version.key} has judged pairs yet: score a submission first.`
        : `No scored submission of ${version.key} has several runs with judged duplicate pairs yet.`,
    );
  }
  const existing = await db.labelPair.findMany({
    where: { benchmarkId: version.id, kind: input.kind },
    select: { leftHash: true, rightHash: true },
  });
  const taken = new Set(existing.map((p) => `${p.leftHash}\u0000${p.rightHash}`));
  // Every pair a scoring kept (for the filtered-out draw): by text, whichever submission kept it.
  const kept = new Set(judged.map((p) => (input.kind === "reference" ? `${p.leftHash}\u0000${p.rightHash}` : "")));
  if (input.kind === "duplicate") {
    const rows = await db.$queryRaw<{ a: string; b: string }[]>(Prisma.sql`
      SELECT fa."contentHash" AS a, fb."contentHash" AS b
      FROM "CrossRunPair" x JOIN "Submission" s ON s.id = x."submissionId" AND x."attemptId" = s."scoringAttemptId"
      JOIN "Finding" fa ON fa.id = x."leftId" JOIN "Finding" fb ON fb.id = x."rightId"
      WHERE s."benchmarkId" = ${version.id}`);
    for (const r of rows) kept.add(orderedKey(r.a, r.b));
  }
  const fresh = (p: PoolPair) => !taken.has(`${p.leftHash}\u0000${p.rightHash}`);
  const unique = (pairs: JudgedRow[]) => {
    const seen = new Set<string>();
    return pairs.filter((p) => {
      const key = `${p.leftHash}\u0000${p.rightHash}`;
      if (seen.has(key) || !fresh(p)) return false;
      seen.add(key);
      return true;
    });
  };
  const pools = {
    judged_match: unique(judged.filter((p) => p.match)),
    judged_no_match: unique(judged.filter((p) => !p.match)),
  };
  const shares = DEFAULT_STRATUM_SHARES;
  const seats = allocateStrata(input.size, shares, {
    judged_match: pools.judged_match.length,
    judged_no_match: pools.judged_no_match.length,
    filtered_out: input.size,
  });
  const drawn: Record<Stratum, PoolPair[]> = {
    judged_match: drawSeeded(pools.judged_match, seats.judged_match, seed, "judged_match"),
    judged_no_match: drawSeeded(pools.judged_no_match, seats.judged_no_match, seed, "judged_no_match"),
    filtered_out: (await filteredOutPool(version.id, input.kind, seats.filtered_out * 2, seed, kept))
      .filter(fresh)
      .slice(0, seats.filtered_out),
  };
  const counts = {
    judged_match: drawn.judged_match.length,
    judged_no_match: drawn.judged_no_match.length,
    filtered_out: drawn.filtered_out.length,
  };
  if (counts.judged_match + counts.judged_no_match + counts.filtered_out === 0) {
    throw new AppError("conflict", `Every pair of ${version.key} that can be drawn is in a sample already.`);
  }
  const sample = await db.$transaction(async (tx) => {
    const sample = await tx.labelSample.create({
      data: {
        benchmarkId: version.id,
        kind: input.kind,
        seed,
        requested: input.size,
        shares,
        drawn: counts,
        createdById: caller.id,
      },
    });
    const last = await tx.labelPair.aggregate({
      where: { benchmarkId: version.id, kind: input.kind },
      _max: { position: true },
    });
    let position = (last._max.position ?? 0) + 1;
    const ordered = orderForLabellers(drawn, seed);
    await tx.labelPair.createMany({
      data: ordered.map(({ stratum, ...p }) => ({
        sampleId: sample.id,
        benchmarkId: version.id,
        kind: input.kind,
        position: position++,
        stratum,
        submissionId: p.submissionId,
        leftFindingId: p.leftFindingId,
        rightFindingId: p.rightFindingId,
        referenceBugId: p.referenceBugId,
        leftHash: p.leftHash,
        rightHash: p.rightHash,
        prefilterVersion: p.prefilterVersion,
        embedder: p.embedder,
      })),
      skipDuplicates: true,
    });
    await recordAuditLog(tx, {
      actorId: caller.id,
      action: "label_sample.draw",
      target: `label_sample:${sample.id}`,
      details: { benchmark: version.key, kind: input.kind, seed, requested: input.size, shares, drawn: counts },
    });
    return sample;
  });
  return {
    id: sample.id,
    benchmark: version.key,
    kind: input.kind,
    requested: input.size,
    pairs: counts.judged_match + counts.judged_no_match + counts.filtered_out,
    labelled_by_me: 0,
    // The drawer labels too: the design stays hidden until they have labelled the whole sample (label-pairs.ts).
    design: null,
    created_at: sample.createdAt.toISOString(),
  };
}
