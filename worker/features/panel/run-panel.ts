import pMap from "p-map";
import type { PanelConfig } from "../../../lib/llm/panel-attribution-config";
import type { StructuredClient } from "../../../lib/llm/structured-client";
import { bugRecordJson, renderBlockMessages } from "../../../lib/llm/block-messages";
import { loadPrompt } from "../../../lib/llm/prompts";
import { samplePanelFindings } from "../../../lib/panel/sample";
import { blindingKey } from "../../../lib/blinding-key";
import {
  agreedVerdict,
  capConfidence,
  panelReplyJsonSchema,
  panelReplySchema,
  type PanelReply,
  type TierReview,
} from "../../../lib/panel/verdicts";
import { Prisma } from "../../../lib/generated/prisma/client";
import {
  progressWriter,
  updatePanelAttribution,
  withSpendCounted,
  type PanelAttributionClaim,
} from "../../shared/claim-panel-attribution";
import { ensurePanelContext, type PanelContext } from "./panel-context";
import {
  judgeInSandbox,
  judgeWithRepository,
  panelJudgeLimitsFromEnv,
  panelSnapshotDir,
  removePanelWorkDir,
  type PanelSandboxDeps,
  type SandboxedSnapshot,
} from "./panel-sandbox";
import type { PassLimits } from "../../../lib/agent/budget";
import { emitSubmissionEvent } from "../../../lib/server/webhooks/emit-webhook-event";
import {
  listFindingsToSample,
  listMatchedFindingIds,
  listPanelReviews,
  readPanelRun,
  readRepositorySnapshot,
  savePanelReview,
  sumPanelReviews,
  writeFinalVerdict,
  writePanelSample,
  type FindingToSample,
} from "../../../lib/server/panel/panel-store";
import { touchSubmission } from "../../../lib/server/submissions/touch-submission";
import { PermanentJobError } from "../../jobs/job-failure";

// Panel validation of one submission (paper 2.3, C.3, F.6): sample the findings of its first run (Table 14; every run
// when the admin chose runs = all) in proportion to repositories, ask the tier 1 judges for a verdict on each (under an opaque id, with the repository's panel context document),
// send disagreements to the tier 2 judge, and store every review and each finding's final verdict. Reviews are keyed
// by (panel, finding, tier, judge) and reused when the prompt, model, endpoint and context document are unchanged,
// so a rerun or a retried job asks only what is missing and writes the same rows.
// Whenever the finding's repository has an imported snapshot, every judge (both tiers) reads it: with a sandbox
// (PANEL_SANDBOX auto or on) it works in one and may run a proof of concept, else it has the read-only repository
// tools. Only a judge that executed a proof of concept keeps a confirmation above Low (F.6.2). Findings of a
// repository without a snapshot are judged from their text and the context document, and counted as such.

const PANEL_PROMPT = "panel-judge";
const PANEL_REPOSITORY_PROMPT = "panel-judge-repository";
const PANEL_SANDBOX_PROMPT = "panel-judge-sandbox";

export type PanelDeps = {
  client: StructuredClient;
  config: PanelConfig;
  concurrency: number;
  onProgress?: (percent: number) => Promise<void>;
  /** Set when a sandbox is available (PANEL_SANDBOX auto or on); without it judges with a snapshot read it only. */
  sandbox?: PanelSandboxDeps | null;
  /** Limits of a judge with the read-only repository tools (default: the PANEL_SANDBOX_* limits). */
  judgeLimits?: PassLimits;
};
export type PanelSummary = {
  sampled: number;
  asked: number;
  reused: number;
  retries: number;
  malformedReplies: number;
};

export async function runPanel(claim: PanelAttributionClaim, deps: PanelDeps): Promise<PanelSummary> {
  // PanelRun.spent* counts what the panel pays; costUsd, below, is the cost of the reviews it keeps.
  return withSpendCounted(claim, deps.client, () => validateSample(claim, deps));
}

async function validateSample(claim: PanelAttributionClaim, deps: PanelDeps): Promise<PanelSummary> {
  const progress = progressWriter(claim, deps.onProgress);
  const { run, sample, matched } = await loadSample(claim.runId);
  const repositoryIds = new Set(sample.map((s) => s.finding.repositoryId));
  const snapshots = await extractSnapshots(run.id, repositoryIds);
  const prompts = {
    text: loadPrompt(PANEL_PROMPT),
    repository: loadPrompt(PANEL_REPOSITORY_PROMPT),
    sandbox: loadPrompt(PANEL_SANDBOX_PROMPT),
  };
  const used = [prompts.text, ...(snapshots.size > 0 ? [deps.sandbox ? prompts.sandbox : prompts.repository] : [])];
  await writeSample(run.id, sample, matched, snapshots, deps.config);
  await updatePanelAttribution(claim, {
    sampled: sample.length,
    promptVersion: used.map((p) => `${p.name}@${p.version}`).join("+"),
  });
  await progress(5);

  // The sampled repositories' context documents (one per snapshot, shared by all panels).
  const contexts = new Map<string, PanelContext>();
  for (const repositoryId of repositoryIds) {
    contexts.set(repositoryId, await ensurePanelContext(repositoryId, deps.client, deps.config.contextModel));
  }
  await progress(10);

  const summary: PanelSummary = { sampled: sample.length, asked: 0, reused: 0, retries: 0, malformedReplies: 0 };
  const review = await reviewer({ panelRunId: run.id, contexts, snapshots, prompts, summary, deps });
  let done = 0;
  try {
    await pMap(
      sample,
      async (s) => {
        // The tier 1 judges answer independently, so they are asked at once.
        const tier1 = await Promise.all(deps.config.judges.map((judge) => review(s, 1, judge)));
        const final = agreedVerdict(tier1) ?? (await review(s, 2, deps.config.tier2Judge));
        await writeFinalVerdict(run.id, s.findingId, final, agreedVerdict(tier1) !== null);
        done++;
        await progress(10 + (88 * done) / sample.length);
      },
      { concurrency: deps.concurrency },
    );
  } finally {
    if (snapshots.size > 0) await removePanelWorkDir(run.id);
  }
  summary.retries = deps.client.requests.retries;
  summary.malformedReplies = deps.client.stats.malformedReplies;
  await finishPanel(claim, run, summary);
  return summary;
}

type SampledFinding = ReturnType<typeof samplePanelFindings>[number] & { finding: FindingToSample };
type Snapshots = Map<string, { snapshot: SandboxedSnapshot; dir: string }>;
type Prompts = Record<Mode, ReturnType<typeof loadPrompt>>;
type Mode = "text" | "repository" | "sandbox";

/** The panel's row, its sample (Table 14: seed, size and runs give the same rows) and which sampled findings matched. */
async function loadSample(panelRunId: string) {
  const run = await readPanelRun(panelRunId);
  if (run.submission.scoringStatus !== "scored")
    throw new PermanentJobError("The submission is not scored; the panel needs its matches.");
  const findings = await listFindingsToSample(run.submissionId);
  if (findings.length === 0) throw new PermanentJobError("The submission has no findings to validate.");
  const byId = new Map(findings.map((f) => [f.id, f]));
  const sample: SampledFinding[] = samplePanelFindings(
    findings.map((f) => ({ id: f.id, runIndex: f.run.index, repository: f.repository.name, ordinal: f.ordinal })),
    { sampleSize: run.sampleSize, seed: run.seed, key: blindingKey(), runs: run.runs },
  ).map((s) => ({ ...s, finding: byId.get(s.findingId)! }));
  const matched = await listMatchedFindingIds(
    run.submission.scoringAttemptId,
    sample.map((s) => s.findingId),
  );
  return { run, sample, matched };
}

/** The sampled repositories' snapshots, extracted once for this panel: every judge of their findings reads them. */
async function extractSnapshots(panelRunId: string, repositoryIds: Set<string>): Promise<Snapshots> {
  const snapshots: Snapshots = new Map();
  try {
    for (const repositoryId of repositoryIds) {
      const snapshot = await readRepositorySnapshot(repositoryId);
      if (snapshot) snapshots.set(repositoryId, { snapshot, dir: await panelSnapshotDir(panelRunId, snapshot) });
    }
  } catch (error) {
    // A snapshot refused at extraction fails the panel with the refusal; nothing half-extracted stays behind.
    await removePanelWorkDir(panelRunId);
    throw error;
  }
  return snapshots;
}

/** The sample rows (same seed, size and runs: the same rows); reviews of findings or judges no longer in the panel go. */
async function writeSample(
  panelRunId: string,
  sample: SampledFinding[],
  matched: Set<string>,
  snapshots: Snapshots,
  config: PanelConfig,
) {
  const rows = sample.map((s) => ({
    findingId: s.findingId,
    opaqueId: s.opaqueId,
    runIndex: s.runIndex,
    repository: s.repository,
    matched: matched.has(s.findingId),
    repositoryRead: snapshots.has(s.finding.repositoryId),
  }));
  await writePanelSample(panelRunId, rows, { tier1: config.judges, tier2: config.tier2Judge });
}

type ReviewerInput = {
  panelRunId: string;
  contexts: Map<string, PanelContext>;
  snapshots: Snapshots;
  prompts: Prompts;
  summary: PanelSummary;
  deps: PanelDeps;
};

/**
 * One judge's review of one sampled finding: the stored one when its configuration is unchanged, else a new answer,
 * stored (upserted by panel, finding, tier and judge) before it is returned.
 */
async function reviewer(input: ReviewerInput) {
  const { panelRunId, contexts, snapshots, prompts, summary, deps } = input;
  const limits = deps.judgeLimits ?? panelJudgeLimitsFromEnv();
  const existing = await listPanelReviews(panelRunId);
  const stored = new Map(existing.map((r) => [`${r.findingId}|${r.tier}|${r.judge}`, r]));
  // What decides an answer: the template, the model, the context, and with tools the snapshot and the limits.
  const hashFor = (mode: Mode, judge: string, contextHash: string, snapshotSha: string | null) =>
    deps.client.configHash({
      template: prompts[mode].body,
      reply: panelReplyJsonSchema,
      model: judge,
      context: contextHash,
      sandbox: mode === "sandbox" ? { snapshot: snapshotSha, limits: deps.sandbox!.limits } : false,
      ...(mode === "repository" ? { repository: { snapshot: snapshotSha, limits } } : {}),
    });

  return async (s: SampledFinding, tier: number, judge: string): Promise<TierReview> => {
    const context = contexts.get(s.finding.repositoryId)!;
    const repo = snapshots.get(s.finding.repositoryId);
    const sha = repo?.snapshot.sha256 ?? null;
    const mode: Mode = !repo ? "text" : deps.sandbox ? "sandbox" : "repository";
    const hit = stored.get(`${s.findingId}|${tier}|${judge}`);
    // With PANEL_SANDBOX=auto a review may have fallen back to the read-only tools; either answer is kept on a rerun.
    const acceptable = [
      hashFor(mode, judge, context.hash, sha),
      ...(mode === "sandbox" && !deps.sandbox!.required ? [hashFor("repository", judge, context.hash, sha)] : []),
    ];
    if (hit && acceptable.includes(hit.configHash)) {
      summary.reused++;
      const { verdict, reason, severity, pocRan } = hit;
      return { judge, verdict, reason, severity, confidence: hit.confidence ?? "low", pocRan };
    }
    const answer = await askJudge({ panelRunId, s, tier, judge, mode, context, repo, prompts, limits, deps });
    summary.asked++;
    // F.6.2: a confirmation without an executed proof of concept is at most Low, whatever the judge said.
    const reply = capConfidence(answer.value, answer.poc.pocRan);
    const data = {
      verdict: reply.verdict,
      reason: reply.reason,
      severity: reply.severity,
      confidence: reply.confidence,
      rationale: reply.rationale,
      configHash: hashFor(answer.mode, judge, context.hash, sha),
      inputTokens: answer.inputTokens,
      outputTokens: answer.outputTokens,
      costUsd: answer.costUsd,
      ...answer.poc,
    };
    await savePanelReview({ panelRunId, findingId: s.findingId, tier, judge }, data);
    const { verdict, reason, severity, confidence } = reply;
    return { judge, verdict, reason, severity, confidence, pocRan: answer.poc.pocRan };
  };
}

type Answer = {
  value: PanelReply;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  /** The mode that answered: a sandboxed judge that could not start falls back to the read-only tools. */
  mode: Mode;
  poc: { sandboxed: boolean; pocRan: boolean; poc: Prisma.InputJsonValue | typeof Prisma.DbNull };
};

/** Asks one judge in the finding's mode: in a sandbox, with the read-only repository tools, or from the text alone. */
async function askJudge(input: {
  panelRunId: string;
  s: SampledFinding;
  tier: number;
  judge: string;
  mode: Mode;
  context: PanelContext;
  repo: { snapshot: SandboxedSnapshot; dir: string } | undefined;
  prompts: Prompts;
  limits: PassLimits;
  deps: PanelDeps;
}): Promise<Answer> {
  const { s, judge, repo, prompts, deps } = input;
  const f = s.finding;
  const record = bugRecordJson({
    id: s.opaqueId,
    repo: f.repository.name,
    file: f.file,
    lineStart: f.lineStart,
    lineEnd: f.lineEnd,
    title: f.title,
    description: f.description,
    codeSnippet: f.codeSnippet,
    suggestedFix: f.suggestedFix,
    severity: f.severity,
  });
  const blocks = { context: input.context.text, finding: record };
  const noPoc = { sandboxed: false, pocRan: false, poc: Prisma.DbNull };
  if (input.mode === "sandbox" && repo) {
    const verdict = await judgeInSandbox(
      {
        panelRunId: input.panelRunId,
        reviewKey: `${s.findingId}-${input.tier}-${judge}`,
        repo: f.repository.name,
        snapshot: repo.snapshot,
        snapshotDir: repo.dir,
        judge,
        messages: renderBlockMessages(prompts.sandbox, blocks),
      },
      deps.client,
      deps.sandbox!,
    );
    if (verdict) {
      const { reply, inputTokens, outputTokens, costUsd, pocRan, poc } = verdict;
      return {
        value: reply,
        inputTokens,
        outputTokens,
        costUsd,
        mode: "sandbox",
        poc: { sandboxed: true, pocRan, poc },
      };
    }
  }
  if (input.mode !== "text" && repo) {
    const messages = renderBlockMessages(prompts.repository, blocks);
    const verdict = await judgeWithRepository(
      { repo: f.repository.name, snapshotDir: repo.dir, judge, messages },
      deps.client,
      input.limits,
    );
    const { reply, inputTokens, outputTokens, costUsd } = verdict;
    return { value: reply, inputTokens, outputTokens, costUsd, mode: "repository", poc: noPoc };
  }
  const messages = renderBlockMessages(prompts.text, blocks);
  const answer = await deps.client.ask(judge, messages, "panel_verdict", panelReplyJsonSchema, panelReplySchema);
  return { ...answer, mode: "text", poc: noPoc };
}

/** The totals of the reviews the panel keeps, the row marked done, the public pages' stamp moved, the event sent. */
async function finishPanel(
  claim: PanelAttributionClaim,
  run: { id: string; submissionId: string },
  summary: PanelSummary,
) {
  const totals = await sumPanelReviews(run.id);
  await updatePanelAttribution(claim, {
    status: "done",
    progress: 100,
    error: null,
    finishedAt: new Date(),
    ...totals,
    retries: { increment: summary.retries },
    malformedReplies: { increment: summary.malformedReplies },
  });
  // Public pages are cached until the benchmark's stamp (latest Submission.updatedAt) moves: move it.
  await touchSubmission(run.submissionId);
  await emitSubmissionEvent("panel.completed", run.submissionId, { panel_run_id: run.id });
}
