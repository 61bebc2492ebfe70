import { db } from "../../db";
import { BUG_TEXT_SELECT } from "../../db-selects";
import type { Prisma } from "../../generated/prisma/client";
import type { BugText } from "../../scoring/types";

// What bug-type attribution's worker reads and writes (paper D, F.7.3): its runs, the subjects it labels (a
// submission's findings, a version's reference bugs) and their labels, keyed by subject and classifier configuration.

/** A finding or a reference bug to label. */
export type Subject = BugText & {
  kind: "finding" | "reference";
  category: string | null;
  trigger: string | null;
  suggestedFix: string | null;
};

/** The classifier configuration a label is stored under. */
export type LabelConfiguration = { model: string; promptHash: string; taxonomyHash: string };

/** The columns a subject is read with (findings and reference bugs alike). */
const SUBJECT_SELECT = {
  id: true,
  category: true,
  trigger: true,
  ...BUG_TEXT_SELECT,
  suggestedFix: true,
  repository: { select: { name: true } },
} as const;

/** A submission's attribution run, with its submission and benchmark. */
export function readAttributionRun(runId: string) {
  return db.attributionRun.findUniqueOrThrow({
    where: { id: runId },
    include: { submission: { include: { benchmark: true } } },
  });
}

/** A version's reference attribution run, with its benchmark's name and taxonomy. */
export function readReferenceAttributionRun(runId: string) {
  return db.referenceAttributionRun.findUniqueOrThrow({
    where: { id: runId },
    include: { benchmark: { select: { slug: true, version: true, taxonomy: true } } },
  });
}

/** Every finding of the submission, run by run in order. */
export async function listFindingSubjects(submissionId: string): Promise<Subject[]> {
  const rows = await db.finding.findMany({
    where: { run: { submissionId } },
    select: SUBJECT_SELECT,
    orderBy: [{ runId: "asc" }, { ordinal: "asc" }],
  });
  return rows.map((f) => ({ ...f, kind: "finding" as const, repo: f.repository.name }));
}

/** Every reference bug of the benchmark version. */
export async function listReferenceSubjects(benchmarkId: string): Promise<Subject[]> {
  const rows = await db.referenceBug.findMany({
    where: { repository: { benchmarkId } },
    select: SUBJECT_SELECT,
    orderBy: { id: "asc" },
  });
  return rows.map((r) => ({ ...r, kind: "reference" as const, repo: r.repository.name }));
}

/** The labels stored under the configuration for `subjectIds`, with the text hash each was given for. */
export function listLabelledTexts(subjectIds: string[], config: LabelConfiguration) {
  return db.bugTypeAttribution.findMany({
    where: { subjectId: { in: subjectIds }, ...config },
    select: { subjectId: true, textHash: true },
  });
}

/** The first label the classifier gave this text under the configuration (on any subject), or null. */
export function findLabelForText(textHash: string, config: LabelConfiguration) {
  return db.bugTypeAttribution.findFirst({
    where: { textHash, ...config, source: "llm" },
    orderBy: { createdAt: "asc" },
  });
}

type LabelKey = LabelConfiguration & { subjectKind: Subject["kind"]; subjectId: string };

/** Stores the subject's label under the configuration, replacing an earlier one. */
export async function saveLabel(
  key: LabelKey,
  data: Omit<Prisma.BugTypeAttributionUncheckedCreateInput, keyof LabelKey | "id">,
): Promise<void> {
  await db.bugTypeAttribution.upsert({
    where: { subjectConfiguration: key },
    create: { ...key, ...data },
    update: data,
  });
}

/** Stores labels someone supplied; a subject that has one under the same label already keeps it. */
export async function insertGivenLabels(rows: Prisma.BugTypeAttributionCreateManyInput[]): Promise<void> {
  await db.bugTypeAttribution.createMany({ data: rows, skipDuplicates: true });
}
