import "server-only";
import { db } from "../../db";
import { Prisma } from "../../generated/prisma/client";
import { verdictsOfPairs } from "../judge-verdicts/verdicts-of-pairs";
import type { JudgeQuality, MatcherQualityAnswer } from "../../contracts/grading-figures";
import { cohenKappa, type Kappa } from "../../grading/cohen-kappa";
import { z } from "zod";
import {
  matcherQuality,
  STRATA,
  type StratumPopulations,
  type CachedVerdict,
  type LabelledPair,
  type PairLabel,
} from "../../grading/matcher-quality";
import {
  addCrossTables,
  crossTabulate,
  GRADES,
  panelAgreement,
  type Grade,
  type PanelAgreement,
  type PanelVerdict,
} from "../../grading/panel-grades";
import { binaryOut, proportion, type BinaryQuality } from "../../grading/binary-quality";
import type { WeightedEstimate } from "../../grading/stratified-estimate";
import { publicSubmissionSql } from "../public-reads/public-submission";
import { lastBlind } from "../../grading/blind-labels";
import { activeJudgeOut } from "./trial-view";
import { readActiveJudge } from "./active-judge";
import { publicRepeatFigures } from "./repeat-judging-view";
import type { Version } from "./load-version";

// How far to trust the judges of one benchmark version (docs/grading.md), computed live from the stored labels,
// grades and marks: the matcher per judge configuration, the panel against blind graders (Table 15), the reference
// set audit (§2.2). Only aggregates: the labels themselves stay with maintainers.

/** A weighted figure, or an empty one (the reason is in `weighting`) over the labelled pairs it would have used. */
const weightedOut = (w: WeightedEstimate | null | undefined, labelled: number) => ({
  value: w?.value ?? null,
  interval: w?.interval ?? null,
  labelled: w?.labelled ?? labelled,
  effective_n: w?.effectiveN ?? null,
});

const matcherOut = (q: BinaryQuality, w: { recall: WeightedEstimate; agreement: WeightedEstimate } | undefined) => ({
  ...binaryOut(q),
  recall: weightedOut(w?.recall, q.recall.trials),
  agreement: weightedOut(w?.agreement, q.agreement.trials),
});
const kappaOut = (k: Kappa) => ({
  n: k.n,
  observed: k.observed,
  expected: k.expected,
  kappa: k.kappa,
  interval: k.interval,
});

const populationSchema = z.record(z.enum(STRATA), z.number().int().nonnegative());

/**
 * The weights of the samples of one kind: the population of each stratum as the latest sample that stored it found
 * it (it counts the pairs earlier samples hold), and which samples stored one. Samples drawn one after another without
 * a rescoring between them are together one uniform draw within each stratum; a rescoring in between makes the latest
 * population the frame (docs/grading.md).
 */
function sampleDesign(samples: readonly { id: string; population: unknown }[]) {
  let populations: StratumPopulations | null = null;
  const inDesign = new Set<string>();
  for (const s of samples) {
    const parsed = populationSchema.safeParse(s.population);
    if (!parsed.success) continue;
    populations = parsed.data;
    inDesign.add(s.id);
  }
  return { populations, inDesign };
}

type InUse = { judgeModel: string; promptVersion: string; prefilterVersion: string; embedder: string } | null;

async function judgeInUse(benchmarkId: string): Promise<InUse> {
  const usage = await db.judgeUsage.findFirst({
    where: { submission: { benchmarkId, scoringStatus: "scored" } },
    orderBy: { updatedAt: "desc" },
    select: {
      judgeModel: true,
      promptVersion: true,
      prefilterVersion: true,
      embeddingProvider: true,
      embeddingModel: true,
    },
  });
  return usage
    ? {
        judgeModel: usage.judgeModel,
        promptVersion: usage.promptVersion,
        prefilterVersion: usage.prefilterVersion,
        embedder: `${usage.embeddingProvider}/${usage.embeddingModel}`,
      }
    : null;
}

async function matcherFigures(
  version: Version,
  kind: "reference" | "duplicate",
  inUse: InUse,
): Promise<MatcherQualityAnswer> {
  const [rows, samples] = await Promise.all([
    db.labelPair.findMany({
      where: { benchmarkId: version.id, kind },
      select: {
        id: true,
        sampleId: true,
        stratum: true,
        prefilterVersion: true,
        embedder: true,
        leftHash: true,
        rightHash: true,
        labels: { select: { labelerId: true, label: true, afterReveal: true, createdAt: true } },
      },
    }),
    db.labelSample.findMany({
      where: { benchmarkId: version.id, kind },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { id: true, population: true },
    }),
  ]);
  const { populations, inDesign } = sampleDesign(samples);
  let changedAfterReveal = 0;
  const pairs: LabelledPair[] = rows.map((r) => {
    const withBy = r.labels.map((l) => ({ ...l, by: l.labelerId }));
    const blind = lastBlind(withBy);
    for (const [by, label] of blind) {
      const latest = withBy
        .filter((l) => l.by === by)
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
        .at(-1)!;
      if (latest.label !== label.label) changedAfterReveal++;
    }
    return {
      id: r.id,
      stratum: r.stratum,
      prefilterVersion: r.prefilterVersion,
      embedder: r.embedder,
      labels: [...blind.values()].map((l) => l.label as PairLabel),
      inDesign: inDesign.has(r.sampleId),
    };
  });
  const verdictRows = await verdictsOfPairs(rows);
  const pairIds = new Map(rows.map((r) => [`${r.leftHash}\u0000${r.rightHash}`, r.id]));
  const verdicts: CachedVerdict[] = verdictRows.map((v) => ({
    pairId: pairIds.get(`${v.leftHash}\u0000${v.rightHash}`)!,
    judgeModel: v.judgeModel,
    promptVersion: v.promptVersion,
    configHash: v.configHash,
    match: v.match,
  }));
  const q = matcherQuality(pairs, verdicts, populations);
  const overrides =
    kind === "reference"
      ? await db.$queryRaw<{ count: bigint; reversed: bigint }[]>(Prisma.sql`
          SELECT count(*) AS count, count(*) FILTER (WHERE v.match IS NOT NULL AND v.match <> o.match) AS reversed
          FROM "MatchOverride" o LEFT JOIN "JudgeVerdict" v ON v.id = o."verdictId"
          WHERE EXISTS (SELECT 1 FROM "ReferenceBug" b JOIN "Repository" r ON r.id = b."repositoryId"
                        WHERE r."benchmarkId" = ${version.id} AND b."contentHash" = o."referenceHash")`)
      : [{ count: 0n, reversed: 0n }];
  return {
    kind,
    labelled_pairs: q.labelled,
    unlabelled_pairs: q.unlabelled,
    by_label: q.byLabel,
    labels_changed_after_reveal: changedAfterReveal,
    overrides: { count: Number(overrides[0]!.count), reversed_judge: Number(overrides[0]!.reversed) },
    weighting: {
      weighted: q.weighting.weighted,
      reason: q.weighting.reason,
      pairs_left_out: q.weighting.pairsLeftOut,
    },
    filters: q.filters.map((f) => ({
      prefilter_version: f.prefilterVersion,
      embedder: f.embedder,
      labelled: f.labelled,
      recall: weightedOut(f.weightedRecall, f.recall.trials),
      filtered_out: f.filteredOut && {
        estimated_matches: f.filteredOut.estimate,
        upper_matches: f.filteredOut.upper,
        too_thin: f.filteredOut.tooThin,
        recall_floor: f.filteredOut.recallFloor,
      },
    })),
    configurations: q.configurations.map((c) => ({
      judge_model: c.judgeModel,
      prompt_version: c.promptVersion,
      prefilter_version: c.prefilterVersion,
      embedder: c.embedder,
      in_use:
        inUse !== null &&
        inUse.judgeModel === c.judgeModel &&
        inUse.promptVersion === c.promptVersion &&
        inUse.prefilterVersion === c.prefilterVersion &&
        inUse.embedder === c.embedder,
      with_filter: matcherOut(c.withFilter, c.weighted?.withFilter),
      judge_alone: matcherOut(c.judgeAlone, c.weighted?.judgeAlone),
      debatable: { pairs: c.debatable.pairs, judged_match: c.debatable.judgedMatch },
      repeat_agreement: c.repeatAgreement,
    })),
  };
}

const agreementOut = (a: PanelAgreement) => ({
  graded: a.graded,
  conclusive: a.conclusive,
  table: a.table,
  agreement: a.agreement,
  grader_confirm_rate: a.graderConfirmRate,
  panel_confirm_rate: a.panelConfirmRate,
});

/**
 * The grades of graders who graded every finding of the sample. A grade before that is blind yet may still change,
 * so figures that moved with it would let a grader read the panel's verdict off them (grade, reload, regrade).
 */
function finishedGradings<T extends { graderId: string }>(samples: readonly { grades: T[] }[]): T[] {
  const all = samples.flatMap((s) => s.grades);
  const finished = [...new Set(all.map((g) => g.graderId))].filter((id) =>
    samples.every((s) => s.grades.some((g) => g.graderId === id)),
  );
  return all.filter((g) => finished.includes(g.graderId));
}

async function panelFigures(version: Version): Promise<JudgeQuality["panel"]> {
  const panels = await db.panelRun.findMany({
    where: { status: "done", submission: { benchmarkId: version.id } },
    select: {
      submissionId: true,
      submission: { select: { model: true, reasoningEffort: true } },
      samples: {
        select: {
          verdict: true,
          grades: { select: { graderId: true, grade: true, afterReveal: true, createdAt: true } },
        },
      },
    },
  });
  const publicIds = new Set(
    (
      await db.$queryRaw<{ id: string }[]>(Prisma.sql`
        SELECT s.id FROM "Submission" s WHERE s."benchmarkId" = ${version.id} AND ${publicSubmissionSql("s")}`)
    ).map((r) => r.id),
  );
  const kappaTable = GRADES.map(() => GRADES.map(() => 0));
  const perSubmission: (PanelAgreement & { submissionId: string; model: string; effort: string | null })[] = [];
  for (const panel of panels) {
    // Public figures pool public submissions only: a private or withdrawn one's panel is nobody else's business.
    if (!publicIds.has(panel.submissionId)) continue;
    const grades = finishedGradings(panel.samples);
    if (grades.length === 0) continue;
    // The first grader of this panel (earliest grade) is the one Table 15 crosses with the panel; a second one is
    // compared with the first (kappa).
    const graders = [
      ...new Set([...grades].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((g) => g.graderId)),
    ];
    const pairs: { grade: Grade; panel: PanelVerdict }[] = [];
    for (const sample of panel.samples) {
      const blind = lastBlind(
        sample.grades.filter((g) => graders.includes(g.graderId)).map((g) => ({ ...g, by: g.graderId })),
      );
      const first = blind.get(graders[0]!);
      if (first && sample.verdict) pairs.push({ grade: first.grade, panel: sample.verdict });
      const second = graders[1] ? blind.get(graders[1]) : undefined;
      if (first && second) kappaTable[GRADES.indexOf(first.grade)]![GRADES.indexOf(second.grade)]!++;
    }
    if (pairs.length === 0) continue;
    perSubmission.push({
      ...panelAgreement(crossTabulate(pairs)),
      submissionId: panel.submissionId,
      model: panel.submission.model,
      effort: panel.submission.reasoningEffort,
    });
  }
  return {
    pooled: agreementOut(panelAgreement(addCrossTables(perSubmission.map((p) => p.table)))),
    second_grader: kappaOut(cohenKappa(kappaTable)),
    submissions: perSubmission.map((p) => ({
      ...agreementOut(p),
      submission_id: p.submissionId,
      model: p.model,
      reasoning_effort: p.effort,
    })),
  };
}

type AuditMark = "valid" | "invalid" | "unsure";

async function referenceSetFigures(version: Version): Promise<JudgeQuality["reference_set"]> {
  const items = await db.referenceAuditItem.findMany({
    where: { audit: { benchmarkId: version.id } },
    select: {
      referenceBugId: true,
      marks: { select: { auditorId: true, mark: true, afterReveal: true, createdAt: true } },
      referenceBug: { select: { agentMark: { select: { ground: true, model: true, promptVersion: true } } } },
    },
  });
  // One bug may sit in several audits: its marks are pooled, each auditor's blind mark counts once.
  const byBug = new Map<string, { by: string; mark: AuditMark; afterReveal: boolean; createdAt: Date }[]>();
  const agentOf = new Map(items.map((i) => [i.referenceBugId, i.referenceBug.agentMark]));
  for (const item of items)
    byBug.set(item.referenceBugId, [
      ...(byBug.get(item.referenceBugId) ?? []),
      ...item.marks.map((m) => ({ ...m, by: m.auditorId })),
    ]);
  const blindByBug = [...byBug.entries()]
    .map(([bugId, marks]) => ({ bugId, blind: lastBlind(marks) }))
    .filter((m) => m.blind.size > 0);
  const counts = new Map<string, number>();
  for (const { blind } of blindByBug) for (const by of blind.keys()) counts.set(by, (counts.get(by) ?? 0) + 1);
  // The human rater: the auditor with the most marks (the earliest mark of another auditor where they have none).
  const [a] = [...counts.entries()].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1)).map(([by]) => by);
  const marks = { valid: 0, invalid: 0, unsure: 0 };
  // §2.2's kappa: the human audit against the false-positive auditor's (F.3.1), two categories as the paper's audit
  // had (valid = the auditor's `none`, invalid = any of its grounds); a human "unsure" is left out.
  const table = [
    [0, 0],
    [0, 0],
  ];
  let agentMarked = 0;
  let agentFlagged = 0;
  const agentModels = new Set<string>();
  for (const { bugId, blind } of blindByBug) {
    const primary =
      (a ? blind.get(a) : undefined) ??
      [...blind.values()].sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime())[0]!;
    marks[primary.mark]++;
    const agent = agentOf.get(bugId);
    if (!agent) continue;
    agentMarked++;
    agentModels.add(`${agent.model} (${agent.promptVersion})`);
    const agentInvalid = agent.ground !== "none";
    if (agentInvalid) agentFlagged++;
    if (primary.mark === "unsure") continue;
    table[primary.mark === "invalid" ? 1 : 0]![agentInvalid ? 1 : 0]!++;
  }
  return {
    audited: blindByBug.length,
    marks,
    invalid_share: proportion(marks.invalid, blindByBug.length),
    kappa: kappaOut(cohenKappa(table)),
    auditors: counts.size,
    agent: { marked: agentMarked, flagged: agentFlagged, models: [...agentModels].sort() },
  };
}

export async function judgeQualityReport(version: Version): Promise<JudgeQuality> {
  const inUse = await judgeInUse(version.id);
  const [active, reference, duplicate, panel, referenceSet, repeats] = await Promise.all([
    readActiveJudge(),
    matcherFigures(version, "reference", inUse),
    matcherFigures(version, "duplicate", inUse),
    panelFigures(version),
    referenceSetFigures(version),
    publicRepeatFigures(version.id),
  ]);
  return {
    benchmark: version.key,
    active_judge: activeJudgeOut(active),
    matcher: { reference, duplicate },
    panel,
    repeat_agreement: repeats,
    reference_set: referenceSet,
  };
}
