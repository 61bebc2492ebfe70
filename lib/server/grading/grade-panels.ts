import "server-only";
import { db } from "../../db";
import { AppError } from "../../errors";
import type {
  GradingPanelList,
  GradingPanelsQuery,
  PanelGradingView,
  SavedGrade,
  SaveGradeBody,
} from "../../contracts/grading";
import { recordAuditLog } from "../audit-log/record-audit-log";
import { bugText, judgedBy, loadVersion, TEXT_SELECT, userNames } from "./load-version";

// Blind grading of a panel's sample (§C.3, Table 15): maintainers grade each sampled finding under its opaque id as
// confirmed / rejected / unsure. The model, harness and submitter of the submission and the panel's verdicts are
// hidden until the grader has graded every finding of the sample (then `reveal`); the panel is named by an opaque id.
// A grade changed after the reveal is a new row marked `afterReveal`; the figures use each grader's last grade
// before their reveal.

type GradeRow = { sampleId: string; graderId: string; createdAt: Date };

/** When a grader's reveal happened: the moment their last missing finding got its first grade; null before. */
function revealTime(sampleIds: readonly string[], grades: readonly GradeRow[], graderId: string): Date | null {
  if (sampleIds.length === 0) return null;
  let latest = 0;
  for (const id of sampleIds) {
    const first = grades
      .filter((g) => g.sampleId === id && g.graderId === graderId)
      .reduce<number | null>(
        (min, g) => (min === null || g.createdAt.getTime() < min ? g.createdAt.getTime() : min),
        null,
      );
    if (first === null) return null;
    latest = Math.max(latest, first);
  }
  return new Date(latest);
}

export async function listGradingPanels(caller: { id: string }, query: GradingPanelsQuery): Promise<GradingPanelList> {
  const version = await loadVersion(query.benchmark);
  const panels = await db.panelRun.findMany({
    where: { status: "done", submission: { benchmarkId: version.id } },
    orderBy: { id: "asc" },
    select: { id: true, samples: { select: { id: true, grades: { select: { graderId: true, sampleId: true } } } } },
  });
  return {
    benchmark: version.key,
    panels: panels.map((p) => {
      const grades = p.samples.flatMap((s) => s.grades);
      return {
        id: p.id,
        sampled: p.samples.length,
        graded_by_me: new Set(grades.filter((g) => g.graderId === caller.id).map((g) => g.sampleId)).size,
        graders: new Set(grades.map((g) => g.graderId)).size,
      };
    }),
  };
}

async function loadPanel(id: string) {
  const panel = await db.panelRun.findUnique({
    where: { id },
    select: {
      id: true,
      status: true,
      submissionId: true,
      submission: { select: { benchmark: { select: { slug: true, version: true } } } },
      samples: {
        orderBy: { opaqueId: "asc" },
        select: {
          id: true,
          opaqueId: true,
          verdict: true,
          reason: true,
          finding: { select: TEXT_SELECT },
          grades: { orderBy: { createdAt: "asc" } },
        },
      },
    },
  });
  if (!panel || panel.status !== "done") throw new AppError("not_found", `No finished panel ${id}`);
  return panel;
}

export async function getPanelGrading(caller: { id: string }, id: string): Promise<PanelGradingView> {
  const panel = await loadPanel(id);
  const grades = panel.samples.flatMap((s) => s.grades);
  const revealed = revealTime(
    panel.samples.map((s) => s.id),
    grades,
    caller.id,
  );
  // Nothing hidden is read before the reveal: the submission is loaded only after it.
  const submission = revealed
    ? await db.panelRun.findUnique({
        where: { id },
        select: {
          submission: {
            select: { id: true, model: true, harness: true, submitter: { select: { name: true, email: true } } },
          },
        },
      })
    : null;
  const names = revealed ? await userNames(grades.map((g) => g.graderId)) : new Map<string, string>();
  return {
    id: panel.id,
    benchmark: `${panel.submission.benchmark.slug}@${panel.submission.benchmark.version}`,
    sampled: panel.samples.length,
    graded_by_me: panel.samples.filter((s) => s.grades.some((g) => g.graderId === caller.id)).length,
    findings: panel.samples.map((s) => ({
      finding: s.opaqueId,
      text: bugText(s.finding),
      my_grade: s.grades.filter((g) => g.graderId === caller.id).at(-1)?.grade ?? null,
      reveal: revealed
        ? {
            panel_verdict: s.verdict,
            panel_reason: s.reason,
            grades: s.grades.map((g) => ({
              grade: g.grade,
              note: g.note,
              ...judgedBy(names, g.graderId, g),
            })),
          }
        : null,
    })),
    reveal: submission
      ? {
          submission_id: submission.submission.id,
          model: submission.submission.model,
          harness: submission.submission.harness,
          submitter: submission.submission.submitter
            ? (submission.submission.submitter.name ?? submission.submission.submitter.email)
            : null,
        }
      : null,
  };
}

export async function saveGrade(caller: { id: string }, id: string, input: SaveGradeBody): Promise<SavedGrade> {
  const panel = await loadPanel(id);
  const sample = panel.samples.find((s) => s.opaqueId === input.finding);
  if (!sample) {
    throw new AppError("invalid_input", "The grade is invalid: 1 problem", [
      { path: "finding", message: `${input.finding} is not in this panel's sample` },
    ]);
  }
  const grades = panel.samples.flatMap((s) => s.grades);
  const afterReveal =
    revealTime(
      panel.samples.map((s) => s.id),
      grades,
      caller.id,
    ) !== null;
  await db.$transaction(async (tx) => {
    const row = await tx.panelGrade.create({
      data: { sampleId: sample.id, graderId: caller.id, grade: input.grade, note: input.note || null, afterReveal },
    });
    await recordAuditLog(tx, {
      actorId: caller.id,
      action: sample.grades.some((g) => g.graderId === caller.id) ? "grade.change" : "grade.create",
      target: `panel:${id}`,
      reason: input.note || null,
      details: { finding: input.finding, grade: input.grade, grade_id: row.id, after_reveal: afterReveal },
    });
    // A sample's first grade: the leaderboard's Validity cell links to the grading and counts the graded samples, so
    // move the version's stamp (public views reload when a public submission's updatedAt moves).
    if (sample.grades.length === 0)
      await tx.submission.update({ where: { id: panel.submissionId }, data: { updatedAt: new Date() } });
  });
  const gradedByMe = panel.samples.filter(
    (s) => s.id === sample.id || s.grades.some((g) => g.graderId === caller.id),
  ).length;
  return {
    finding: input.finding,
    grade: input.grade,
    after_reveal: afterReveal,
    graded_by_me: gradedByMe,
    sampled: panel.samples.length,
  };
}
