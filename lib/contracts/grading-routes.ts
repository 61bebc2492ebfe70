import { ADMIN, type ApiRoute, bodyJson, STAFF_READ, STAFF_WRITE, created, ok, PUBLIC, routeList } from "./route-kit";
import {
  judgeTrialListSchema,
  judgeTrialSchema,
  judgeTrialsQuerySchema,
  startJudgeTrialBodySchema,
} from "./grading-trials";
import {
  drawLabelSampleBodySchema,
  drawReferenceAuditBodySchema,
  gradingPanelListSchema,
  gradingPanelsQuerySchema,
  judgeQualityQuerySchema,
  labelPairListSchema,
  labelPairsQuerySchema,
  labelPairViewSchema,
  labelSampleSchema,
  panelGradingViewSchema,
  referenceAuditListSchema,
  referenceAuditsQuerySchema,
  referenceAuditViewSchema,
  repeatJudgingsQuerySchema,
  startRepeatJudgingBodySchema,
  saveGradeBodySchema,
  saveLabelBodySchema,
  saveMarkBodySchema,
  savedGradeSchema,
} from "./grading";
import { activeJudgeSchema, judgeQualitySchema, repeatJudgingListSchema, repeatJudgingSchema } from "./grading-figures";

// The routes of grading, the human validation of the judges (docs/grading.md): labelling matcher pairs, grading panel samples and auditing
// the reference set (maintainers and admins, blind), and the public figures of how far the judges can be trusted.

const { get, post } = routeList({
  tag: "Staff",
  auth: { read: STAFF_READ, write: STAFF_WRITE },
});
const admin = routeList({ tag: "Admin", auth: ADMIN });

export const gradingRoutes = {
  postGradingPairs: post(
    "/api/v1/grading/pairs",
    "Draw pairs to label (40% judged matches, 40% judged no-matches, 20% filtered out), seeded",
    created(labelSampleSchema, "The sample: seed, shares and pairs drawn per stratum"),
    { body: bodyJson(drawLabelSampleBodySchema), errors: [404, 409] },
  ),
  getGradingPairs: get(
    "/api/v1/grading/pairs",
    "The version's pairs to label, with the caller's own label (no verdicts)",
    ok(labelPairListSchema, "Samples and pairs"),
    { query: labelPairsQuerySchema, errors: [404] },
  ),
  getGradingPairsId: get(
    "/api/v1/grading/pairs/{id}",
    "One pair, blind: its two texts; the verdicts, signals and submission only after the caller's label",
    ok(labelPairViewSchema, "The pair"),
  ),
  postGradingPairsIdLabels: post(
    "/api/v1/grading/pairs/{id}/labels",
    "Label a pair same / different / debatable (a later label keeps the history)",
    created(labelPairViewSchema, "The pair with what was hidden"),
    { body: bodyJson(saveLabelBodySchema) },
  ),
  getGradingPanels: get(
    "/api/v1/grading/panels",
    "Finished panels of a version to grade, under opaque ids",
    ok(gradingPanelListSchema, "Panels"),
    { query: gradingPanelsQuerySchema, errors: [404] },
  ),
  getGradingPanelsId: get(
    "/api/v1/grading/panels/{id}",
    "A panel's sample, blind: verdicts and configuration only once the caller graded every finding",
    ok(panelGradingViewSchema, "The sample"),
  ),
  postGradingPanelsIdGrades: post(
    "/api/v1/grading/panels/{id}/grades",
    "Grade one sampled finding confirmed / rejected / unsure",
    created(savedGradeSchema, "Stored"),
    { body: bodyJson(saveGradeBodySchema) },
  ),
  getGradingReferences: get(
    "/api/v1/grading/references",
    "Audits of a version's reference set",
    ok(referenceAuditListSchema, "Audits"),
    { query: referenceAuditsQuerySchema, errors: [404] },
  ),
  postGradingReferences: post(
    "/api/v1/grading/references",
    "Draw reference bugs to audit, per repository in proportion, seeded",
    created(referenceAuditViewSchema, "The audit"),
    { body: bodyJson(drawReferenceAuditBodySchema), errors: [404, 409] },
  ),
  getGradingReferencesId: get(
    "/api/v1/grading/references/{id}",
    "An audit; other auditors' marks on a bug only after the caller's own",
    ok(referenceAuditViewSchema, "The audit"),
  ),
  postGradingReferencesIdMarks: post(
    "/api/v1/grading/references/{id}/marks",
    "Mark a reference bug valid / invalid / unsure with a reason (never changes a score)",
    created(referenceAuditViewSchema, "The audit"),
    { body: bodyJson(saveMarkBodySchema) },
  ),
  getGradingJudgeQuality: get(
    "/api/v1/grading/judge-quality",
    "How far to trust the judges: matcher, panel and reference set measured against people",
    ok(judgeQualitySchema, "The figures", { csv: true, etag: true }),
    { tag: "Public data", auth: PUBLIC, query: judgeQualityQuerySchema, errors: [404] },
  ),
  getGradingRepeats: get(
    "/api/v1/grading/repeats",
    "A version's repeats of scorings' judge verdicts (§2.3's repeat agreement), newest first",
    ok(repeatJudgingListSchema, "Repeats and the judge-call budget"),
    { query: repeatJudgingsQuerySchema, errors: [404] },
  ),
  postGradingRepeats: post(
    "/api/v1/grading/repeats",
    "Ask a scoring's judge again about a seeded sample of the pairs it judged, the verdict cache bypassed (a worker job, costed and budgeted before any call)",
    created(repeatJudgingSchema, "The queued repeat with its cost estimate"),
    { body: bodyJson(startRepeatJudgingBodySchema), errors: [404, 409] },
  ),
  getGradingRepeatsId: get(
    "/api/v1/grading/repeats/{id}",
    "One repeat: its progress, then the agreement with the first verdicts and every disagreement",
    ok(repeatJudgingSchema, "The repeat"),
  ),
  // Candidate-judge trials: admins only.
  getGradingTrials: admin.get(
    "/api/v1/grading/trials",
    "A version's candidate-judge trials, the judge in use and how many labelled pairs a trial would judge",
    ok(judgeTrialListSchema, "Trials, newest first"),
    { query: judgeTrialsQuerySchema, errors: [404] },
  ),
  postGradingTrials: admin.post(
    "/api/v1/grading/trials",
    "Try a candidate judge model on the version's labelled pairs, next to the judge in use (a worker job)",
    created(judgeTrialSchema, "The queued trial"),
    { body: bodyJson(startJudgeTrialBodySchema), errors: [404, 409] },
  ),
  getGradingTrialsId: admin.get(
    "/api/v1/grading/trials/{id}",
    "One trial: its progress, then the side-by-side comparison",
    ok(judgeTrialSchema, "The trial"),
  ),
  postGradingTrialsIdSwitch: admin.post(
    "/api/v1/grading/trials/{id}/switch",
    "Switch new scoring to the trial's candidate judge (audit-logged)",
    ok(activeJudgeSchema, "The judge new scorings use"),
    { errors: [409] },
  ),
} satisfies Record<string, ApiRoute>;
