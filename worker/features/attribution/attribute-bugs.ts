import pMap from "p-map";
import { BUG_TEXT_SELECT } from "../../../lib/db-selects";
import type { BugText } from "../../../lib/scoring/types";
import { db } from "../../../lib/db";
import type { StructuredClient } from "../../../lib/llm/structured-client";
import { bugRecordJson, renderBlockMessages } from "../../../lib/llm/block-messages";
import { loadPrompt } from "../../../lib/llm/prompts";
import { sha256 } from "../../../lib/hash";
import {
  attributionPlan,
  attributionReplyJsonSchema,
  attributionReplySchema,
  attributionTextHash,
  familyOf,
  readTaxonomy,
  type Taxonomy,
  taxonomyHash,
  triggerLevelOf,
} from "../../../lib/attribution/taxonomy";
import {
  progressWriter,
  updateFindingReview,
  withSpendCounted,
  type FindingReviewClaim,
} from "../../shared/claim-finding-review";
import { PermanentJobError } from "../../jobs/job-failure";

// Bug-type attribution of one submission (paper D, F.7.3): every finding of every run and every reference bug of
// its benchmark version gets one category of the version's taxonomy and one trigger level. Every finding is classified
// by the LLM (F.7.3: one classifier and one prompt for every configuration); a submitter's own category is also kept,
// as a self_reported row, to show as their label, and never counts in the shares. A reference bug's own category (the
// benchmark's) is kept; the rest are classified by an LLM with a versioned prompt, cached by text hash + taxonomy version + model + prompt hash, so identical texts (another
// submission, a rerun, a retried job) are never classified twice. Rows are keyed by (subject, model): a rerun writes
// the same rows.

const ATTRIBUTION_PROMPT = "bug-type-attribution";
const SELF_REPORTED = "self-reported";
const BENCHMARK_LABEL = "benchmark";

export type AttributionDeps = {
  client: StructuredClient;
  model: string;
  concurrency: number;
  onProgress?: (percent: number) => Promise<void>;
};
export type AttributionSummary = {
  total: number;
  selfReported: number;
  classified: number;
  cached: number;
  asked: number;
};

type Subject = BugText & {
  kind: "finding" | "reference";
  category: string | null;
  trigger: string | null;
  suggestedFix: string | null;
};

const BATCH = 1_000;

export async function attributeBugs(claim: FindingReviewClaim, deps: AttributionDeps): Promise<AttributionSummary> {
  return withSpendCounted(claim, deps.client, () => classifySubjects(claim, deps));
}

async function classifySubjects(claim: FindingReviewClaim, deps: AttributionDeps): Promise<AttributionSummary> {
  const progress = progressWriter(claim, deps.onProgress);
  const { run, taxonomy, subjects } = await loadSubjects(claim.runId);
  const prompt = loadPrompt(ATTRIBUTION_PROMPT);
  const replyJson = attributionReplyJsonSchema(taxonomy);
  const asking: Asking = {
    taxonomy,
    taxHash: taxonomyHash(taxonomy),
    prompt,
    replyJson,
    reply: attributionReplySchema(taxonomy),
    promptHash: deps.client.configHash({ template: prompt.body, reply: replyJson }),
  };
  await updateFindingReview(claim, {
    total: subjects.length,
    promptVersion: `${prompt.name}@${prompt.version}`,
    model: deps.model,
  });

  const given = subjects.filter((s) => attributionPlan(s.category) === "given");
  await writeGivenCategories(given, asking);
  await progress(5);

  // Every finding and the uncategorised reference bugs: already attributed under this taxonomy, prompt and model? Else
  // the same text elsewhere? Else ask.
  const toClassify = subjects.filter((s) => s.kind === "finding" || attributionPlan(s.category) === "classify");
  const textHashes = new Map(toClassify.map((s) => [s.id, attributionTextHash(s)]));
  const summary: AttributionSummary = {
    total: subjects.length,
    selfReported: given.filter((s) => s.kind === "finding").length,
    classified: toClassify.length,
    cached: 0,
    asked: 0,
  };
  const done = await readDone(toClassify, textHashes, deps.model, asking);
  const pending = toClassify.filter((s) => !done.has(s.id));
  summary.cached += toClassify.length - pending.length;
  // One answer per distinct text: identical reports (repeated runs often repeat a finding verbatim) share it.
  const byText = new Map<string, Subject[]>();
  for (const s of pending) byText.set(textHashes.get(s.id)!, [...(byText.get(textHashes.get(s.id)!) ?? []), s]);
  let finished = 0;
  await pMap(
    [...byText.entries()],
    async ([textHash, group]) => {
      const answer = await answerFor(textHash, group[0]!, asking, deps);
      if (answer.asked) summary.asked++;
      summary.cached += answer.asked ? group.length - 1 : group.length;
      await writeAnswer(textHash, group, answer, deps.model, asking);
      finished++;
      await progress(5 + (93 * finished) / Math.max(byText.size, 1));
    },
    { concurrency: deps.concurrency },
  );

  await updateFindingReview(claim, {
    status: "done",
    progress: 100,
    error: null,
    finishedAt: new Date(),
    selfReported: summary.selfReported,
    classified: summary.classified,
    cached: summary.cached,
    retries: { increment: deps.client.requests.retries },
    malformedReplies: { increment: deps.client.stats.malformedReplies },
  });
  // Public pages (bug types) are cached until the benchmark's stamp (latest Submission.updatedAt) moves: move it.
  await db.submission.update({ where: { id: run.submissionId }, data: { updatedAt: new Date() } });
  return summary;
}

/** What decides an answer and how to ask for it: the taxonomy, the prompt and the reply's schema. */
type Asking = {
  taxonomy: Taxonomy;
  taxHash: string;
  prompt: ReturnType<typeof loadPrompt>;
  replyJson: ReturnType<typeof attributionReplyJsonSchema>;
  reply: ReturnType<typeof attributionReplySchema>;
  promptHash: string;
};

/** The run, its benchmark's taxonomy, and every subject: the submission's findings and the benchmark's reference bugs. */
async function loadSubjects(runId: string) {
  const run = await db.attributionRun.findUniqueOrThrow({
    where: { id: runId },
    include: { submission: { include: { benchmark: true } } },
  });
  const taxonomy = readTaxonomy(run.submission.benchmark.taxonomy);
  if (!taxonomy)
    throw new PermanentJobError(
      `Benchmark ${run.submission.benchmark.slug}@${run.submission.benchmark.version} has no bug-type taxonomy to attribute against.`,
    );
  const select = {
    id: true,
    category: true,
    trigger: true,
    ...BUG_TEXT_SELECT,
    suggestedFix: true,
    repository: { select: { name: true } },
  } as const;
  const [findings, references] = await Promise.all([
    db.finding.findMany({
      where: { run: { submissionId: run.submissionId } },
      select,
      orderBy: [{ runId: "asc" }, { ordinal: "asc" }],
    }),
    db.referenceBug.findMany({
      where: { repository: { benchmarkId: run.submission.benchmarkId } },
      select,
      orderBy: { id: "asc" },
    }),
  ]);
  const subjects: Subject[] = [
    ...findings.map((f) => ({ ...f, kind: "finding" as const, repo: f.repository.name })),
    ...references.map((r) => ({ ...r, kind: "reference" as const, repo: r.repository.name })),
  ];
  return { run, taxonomy, subjects };
}

/** Supplied categories: kept as given and labelled by who gave them. */
async function writeGivenCategories(given: Subject[], { taxonomy, taxHash }: Asking) {
  for (let i = 0; i < given.length; i += BATCH) {
    await db.bugTypeAttribution.createMany({
      data: given.slice(i, i + BATCH).map((s) => ({
        subjectKind: s.kind,
        subjectId: s.id,
        model: s.kind === "finding" ? SELF_REPORTED : BENCHMARK_LABEL,
        source: s.kind === "finding" ? "self_reported" : "benchmark",
        category: s.category!.trim(),
        family: familyOf(taxonomy, s.category!.trim()),
        triggerLevel: triggerLevelOf(taxonomy, s.trigger),
        taxonomyHash: taxHash,
      })),
      skipDuplicates: true,
    });
  }
}

/** The subjects already attributed by this model under this taxonomy and prompt, for their current text. */
async function readDone(subjects: Subject[], textHashes: Map<string, string>, model: string, asking: Asking) {
  const done = new Set<string>();
  for (let i = 0; i < subjects.length; i += BATCH) {
    const ids = subjects.slice(i, i + BATCH).map((s) => s.id);
    const rows = await db.bugTypeAttribution.findMany({
      where: { subjectId: { in: ids }, model, taxonomyHash: asking.taxHash, promptHash: asking.promptHash },
      select: { subjectId: true, textHash: true },
    });
    for (const r of rows) if (r.textHash === textHashes.get(r.subjectId)) done.add(r.subjectId);
  }
  return done;
}

type Answer = {
  category: string;
  triggerLevel: number;
  rationale: string | null;
  inputTokens: number;
  outputTokens: number;
  /** false: the answer stored for the same text elsewhere, reused at no cost. */
  asked: boolean;
};

/** The answer for one text: the one stored for it under the same configuration, else the model's. */
async function answerFor(textHash: string, s: Subject, asking: Asking, deps: AttributionDeps): Promise<Answer> {
  const cached = await db.bugTypeAttribution.findFirst({
    where: { textHash, taxonomyHash: asking.taxHash, model: deps.model, promptHash: asking.promptHash, source: "llm" },
    orderBy: { createdAt: "asc" },
  });
  if (cached) {
    const { category, rationale } = cached;
    return {
      category,
      triggerLevel: cached.triggerLevel ?? 0,
      rationale,
      inputTokens: 0,
      outputTokens: 0,
      asked: false,
    };
  }
  const record = bugRecordJson({
    id: `B-${sha256(textHash).slice(0, 10)}`,
    repo: s.repo,
    file: s.file,
    lineStart: s.lineStart,
    lineEnd: s.lineEnd,
    title: s.title,
    description: s.description,
    codeSnippet: s.codeSnippet,
    suggestedFix: s.suggestedFix,
  });
  const messages = renderBlockMessages(asking.prompt, {
    taxonomy: {
      families: asking.taxonomy.families,
      trigger_levels: [{ level: 0, name: "Insufficient information" }, ...asking.taxonomy.triggers],
    },
    report: record,
  });
  const result = await deps.client.ask(deps.model, messages, "bug_type_attribution", asking.replyJson, asking.reply);
  const { category, trigger_level, rationale } = result.value;
  const { inputTokens, outputTokens } = result;
  return { category, triggerLevel: trigger_level, rationale, inputTokens, outputTokens, asked: true };
}

/** One answer on every subject of its text; tokens are recorded once, on the first subject, so sums give the spend. */
async function writeAnswer(textHash: string, group: Subject[], answer: Answer, model: string, asking: Asking) {
  for (const [index, s] of group.entries()) {
    const data = {
      category: answer.category,
      family: familyOf(asking.taxonomy, answer.category),
      triggerLevel: answer.triggerLevel,
      source: "llm",
      textHash,
      taxonomyHash: asking.taxHash,
      promptHash: asking.promptHash,
      rationale: answer.rationale,
      inputTokens: index === 0 ? answer.inputTokens : 0,
      outputTokens: index === 0 ? answer.outputTokens : 0,
    };
    await db.bugTypeAttribution.upsert({
      where: { subjectKind_subjectId_model: { subjectKind: s.kind, subjectId: s.id, model } },
      create: { subjectKind: s.kind, subjectId: s.id, model, ...data },
      update: data,
    });
  }
}
