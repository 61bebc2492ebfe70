import "server-only";
import { db } from "../../db";
import { verdictsOfPairs } from "../judge-verdicts/verdicts-of-pairs";
import { AppError } from "../../errors";
import type { LabelPairList, LabelPairsQuery, LabelPairView, SaveLabelBody } from "../../contracts/grading";
import type { Stratum } from "../../grading/matcher-quality";
import { recordAuditLog } from "../audit-log/record-audit-log";
import { bugText, judgedBy, loadVersion, TEXT_SELECT, userNames } from "./load-version";

// Labelling matcher pairs, blind (docs/grading.md): the view shows the two texts and their code; the stratum the
// sampler drew the pair from, the judge's verdicts, the signals and the submission come only once the caller's own
// label is stored (`reveal`). Labels are rows that are never changed: a later label is a new row, marked
// `afterReveal` when the labeller had seen the verdict by then. A sample's seed and its strata's counts are hidden too
// until the caller has labelled all its pairs, and the pairs are listed in a keyed-hash order (draw-label-sample.ts).

export async function listLabelPairs(caller: { id: string }, query: LabelPairsQuery): Promise<LabelPairList> {
  const version = await loadVersion(query.benchmark);
  const [samples, pairs] = await Promise.all([
    db.labelSample.findMany({
      where: { benchmarkId: version.id, ...(query.kind ? { kind: query.kind } : {}) },
      orderBy: { createdAt: "desc" },
    }),
    db.labelPair.findMany({
      where: { benchmarkId: version.id, ...(query.kind ? { kind: query.kind } : {}) },
      orderBy: [{ kind: "desc" }, { position: "asc" }],
      select: {
        id: true,
        kind: true,
        position: true,
        sampleId: true,
        labels: { select: { labelerId: true, label: true, createdAt: true }, orderBy: { createdAt: "asc" } },
      },
    }),
  ]);
  const progress = new Map<string, { pairs: number; mine: number }>();
  for (const p of pairs) {
    const entry = progress.get(p.sampleId) ?? { pairs: 0, mine: 0 };
    entry.pairs++;
    if (p.labels.some((l) => l.labelerId === caller.id)) entry.mine++;
    progress.set(p.sampleId, entry);
  }
  return {
    benchmark: version.key,
    samples: samples.map((s) => {
      const { pairs: total, mine } = progress.get(s.id) ?? { pairs: 0, mine: 0 };
      return {
        id: s.id,
        benchmark: version.key,
        kind: s.kind as "reference" | "duplicate",
        requested: s.requested,
        pairs: total,
        labelled_by_me: mine,
        // The seed and the strata's counts stay hidden until the caller has labelled the whole sample: with the
        // counts, a labeller could narrow each pair's stratum down by elimination.
        design:
          total > 0 && mine === total
            ? {
                seed: s.seed,
                shares: s.shares as Record<Stratum, number>,
                drawn: s.drawn as Record<Stratum, number>,
              }
            : null,
        created_at: s.createdAt.toISOString(),
      };
    }),
    pairs: pairs.map((p) => {
      const mine = p.labels.filter((l) => l.labelerId === caller.id);
      return {
        id: p.id,
        kind: p.kind as "reference" | "duplicate",
        position: p.position,
        sample_id: p.sampleId,
        my_label: mine.at(-1)?.label ?? null,
        labellers: new Set(p.labels.map((l) => l.labelerId)).size,
      };
    }),
  };
}

async function loadPair(id: string) {
  const pair = await db.labelPair.findUnique({
    where: { id },
    include: {
      leftFinding: { select: TEXT_SELECT },
      rightFinding: { select: TEXT_SELECT },
      referenceBug: { select: TEXT_SELECT },
      labels: { orderBy: { createdAt: "asc" } },
      sample: { select: { benchmark: { select: { slug: true, version: true } } } },
    },
  });
  if (!pair) throw new AppError("not_found", `Unknown pair ${id}`);
  return pair;
}

async function nextUnlabelled(callerId: string, pair: { benchmarkId: string; kind: string; position: number }) {
  const where = { benchmarkId: pair.benchmarkId, kind: pair.kind, labels: { none: { labelerId: callerId } } };
  const next =
    (await db.labelPair.findFirst({
      where: { ...where, position: { gt: pair.position } },
      orderBy: { position: "asc" },
    })) ?? (await db.labelPair.findFirst({ where, orderBy: { position: "asc" } }));
  return next?.id ?? null;
}

/** What is hidden until the caller has labelled the pair. Read only after that check. */
async function revealOf(pair: Awaited<ReturnType<typeof loadPair>>): Promise<NonNullable<LabelPairView["reveal"]>> {
  const [verdicts, candidate, submission] = await Promise.all([
    verdictsOfPairs([pair], { rationale: true }),
    pair.referenceBugId
      ? db.candidatePair.findFirst({
          where: {
            findingId: pair.leftFindingId,
            referenceBugId: pair.referenceBugId,
            attemptId: (
              await db.submission.findUnique({ where: { id: pair.submissionId }, select: { scoringAttemptId: true } })
            )?.scoringAttemptId,
          },
        })
      : null,
    db.submission.findUnique({
      where: { id: pair.submissionId },
      select: { id: true, model: true, submitter: { select: { name: true, email: true } } },
    }),
  ]);
  const names = await userNames(pair.labels.map((l) => l.labelerId));
  return {
    stratum: pair.stratum,
    verdicts: verdicts.map(({ judgeModel, promptVersion, match, rationale }) => ({
      judge_model: judgeModel,
      prompt_version: promptVersion,
      match,
      rationale: rationale ?? "",
    })),
    signals: candidate
      ? {
          line_overlap: candidate.lineOverlap,
          full_text_embedding: candidate.fullTextEmbedding,
          description_embedding: candidate.descriptionEmbedding,
          snippet_tokens: candidate.snippetTokens,
          identifiers: candidate.identifiers,
          api_calls: candidate.apiCalls,
        }
      : null,
    submission: {
      id: pair.submissionId,
      model: submission?.model ?? "(deleted)",
      submitter: submission?.submitter ? (submission.submitter.name ?? submission.submitter.email) : null,
    },
    labels: pair.labels.map((l) => ({
      label: l.label,
      note: l.note,
      ...judgedBy(names, l.labelerId, l),
    })),
  };
}

export async function getLabelPair(caller: { id: string }, id: string): Promise<LabelPairView> {
  const pair = await loadPair(id);
  const mine = pair.labels.filter((l) => l.labelerId === caller.id);
  const right = pair.referenceBug ?? pair.rightFinding;
  if (!right) throw new AppError("not_found", `Pair ${id} lost one of its texts`);
  return {
    id: pair.id,
    benchmark: `${pair.sample.benchmark.slug}@${pair.sample.benchmark.version}`,
    kind: pair.kind as "reference" | "duplicate",
    position: pair.position,
    left: bugText(pair.leftFinding),
    right: bugText(right),
    my_label: mine.at(-1)?.label ?? null,
    next_unlabelled: await nextUnlabelled(caller.id, pair),
    // Blind by construction: nothing hidden is even read before the caller's label exists.
    reveal: mine.length > 0 ? await revealOf(pair) : null,
  };
}

export async function saveLabel(caller: { id: string }, id: string, input: SaveLabelBody): Promise<LabelPairView> {
  const pair = await loadPair(id);
  const seen = pair.labels.some((l) => l.labelerId === caller.id);
  await db.$transaction(async (tx) => {
    const row = await tx.pairLabel.create({
      data: { pairId: id, labelerId: caller.id, label: input.label, note: input.note || null, afterReveal: seen },
    });
    await recordAuditLog(tx, {
      actorId: caller.id,
      action: seen ? "label.change" : "label.create",
      target: `label_pair:${id}`,
      reason: input.note || null,
      details: { label: input.label, label_id: row.id, after_reveal: seen, kind: pair.kind },
    });
  });
  return getLabelPair(caller, id);
}
