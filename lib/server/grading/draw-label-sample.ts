import type { z } from "zod";
import "server-only";
import { db } from "../../db";
import { AppError } from "../../errors";
import type { DrawLabelSampleBody } from "../../contracts/grading";
import { allocateStrata, DEFAULT_STRATUM_SHARES } from "../../grading/sampling";
import { STRATA, type Stratum } from "../../grading/matcher-quality";
import { keyedOrder } from "../../grading/blind-order";
import { blindingKey } from "../../blinding-key";
import { recordAuditLog } from "../audit-log/record-audit-log";
import { loadVersion, newSeed } from "./load-version";
import type { labelSampleSchema } from "../../contracts/grading";
import { buildLabelPool, drawFromPool, type PoolRow } from "./label-pool";

// Draws pairs for maintainers to label (§2.3, §A.4), from the current scorings of the version's scored submissions:
// pairs the judge matched, pairs it rejected, and pairs the prefilter never sent to it, in DEFAULT_STRATUM_SHARES
// (40/40/20). Pairs are keyed by their two texts: a pair already drawn for the version is never drawn again. The
// population and the draw stay in PostgreSQL (label-pool.ts); within a stratum the draw is uniform and reproducible
// from the seed. The seed, the shares, what each stratum gave and each stratum's population (the weights of the
// design-weighted figures, docs/grading.md) are recorded on the sample. One draw per version at a time: a
// transaction-scoped advisory lock, refused rather than queued, so concurrent draws cannot pile up on the database.

// The transaction builds the population and inserts the sample; its own time limit, not Prisma's 5 s default.
const DRAW_TIMEOUT_MS = 120_000;

/**
 * The strata interleaved by a keyed hash of each pair's texts (lib/grading/blind-order.ts): the server's key is
 * never shown, so nothing a labeller reads (positions, ids, the seed) tells a pair's stratum.
 */
function orderForLabellers(drawn: Record<Stratum, PoolRow[]>, seed: string) {
  const pairs = STRATA.flatMap((stratum) => drawn[stratum].map((p) => ({ ...p, stratum })));
  return keyedOrder(pairs, (p) => `${p.leftHash}\u0000${p.rightHash}`, blindingKey(), `label-order\u0000${seed}`);
}

export type DrawnLabelSample = z.input<typeof labelSampleSchema>;

export async function drawLabelSample(caller: { id: string }, input: DrawLabelSampleBody): Promise<DrawnLabelSample> {
  const version = await loadVersion(input.benchmark);
  const seed = input.seed ?? newSeed();
  const { sample, counts } = await db.$transaction(
    async (tx) => {
      const [lock] = await tx.$queryRaw<{ locked: boolean }[]>`
        SELECT pg_try_advisory_xact_lock(hashtextextended(${`label-sample:${version.id}`}, 0)) AS locked`;
      if (!lock?.locked)
        throw new AppError(
          "conflict",
          `A labelling sample of ${version.key} is being drawn: try again when it is done.`,
        );
      const { population, available } = await buildLabelPool(tx, version.id, input.kind);
      if (population.judged_match + population.judged_no_match === 0) {
        throw new AppError(
          "conflict",
          input.kind === "reference"
            ? `No scored submission of ${version.key} has judged pairs yet: score a submission first.`
            : `No scored submission of ${version.key} has several runs with judged duplicate pairs yet.`,
        );
      }
      const shares = DEFAULT_STRATUM_SHARES;
      const seats = allocateStrata(input.size, shares, available);
      const drawn = {} as Record<Stratum, PoolRow[]>;
      for (const stratum of STRATA) drawn[stratum] = await drawFromPool(tx, stratum, seats[stratum], seed);
      const counts = {
        judged_match: drawn.judged_match.length,
        judged_no_match: drawn.judged_no_match.length,
        filtered_out: drawn.filtered_out.length,
      };
      if (counts.judged_match + counts.judged_no_match + counts.filtered_out === 0) {
        throw new AppError("conflict", `Every pair of ${version.key} that can be drawn is in a sample already.`);
      }
      const drawing = { kind: input.kind, seed, requested: input.size, shares, drawn: counts, population };
      const sample = await tx.labelSample.create({
        data: { benchmarkId: version.id, ...drawing, createdById: caller.id },
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
        details: { benchmark: version.key, ...drawing },
      });
      return { sample, counts, population };
    },
    { timeout: DRAW_TIMEOUT_MS },
  );
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
