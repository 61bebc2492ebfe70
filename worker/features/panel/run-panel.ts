import pMap from "p-map";
import { db } from "../../../lib/db";
import type { Severity } from "../../../lib/generated/prisma/client";
import type { PanelConfig } from "../../../lib/llm/analysis-config";
import type { StructuredClient } from "../../../lib/llm/analysis-client";
import { bugRecordJson, renderBlockMessages } from "../../../lib/llm/analysis-messages";
import { loadPrompt } from "../../../lib/llm/prompts";
import { samplePanelFindings } from "../../../lib/panel/sample";
import {
  agreedVerdict,
  capConfidence,
  panelReplyJsonSchema,
  panelReplySchema,
  type PanelReply,
  type TierReview,
} from "../../../lib/panel/verdicts";
import { Prisma } from "../../../lib/generated/prisma/client";
import { progressWriter, updateAnalysis, type AnalysisClaim } from "../../shared/claim-analysis";
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

// Panel validation of one submission (paper 2.3, C.3, F.6): sample the findings of its first run (Table 14; every run
// when the admin chose runs = all) in proportion to repositories, ask the tier 1 judges for a verdict on each (under an opaque id, with the repository's panel context document),
// send disagreements to the tier 2 judge, and store every review and each finding's final verdict. Reviews are keyed
// by (panel, finding, tier, judge) and reused when the prompt, model, endpoint and context document are unchanged,
// so a rerun or a retried job asks only what is missing and writes the same rows.
// Whenever the finding's repository has an imported snapshot, every judge (both tiers) reads it: with a sandbox
// (PANEL_SANDBOX auto or on) it works in one and may run a proof of concept, else it has the read-only repository
// tools. Only a judge that executed a proof of concept keeps a confirmation above Low (F.6.2). Findings of a
// repository without a snapshot are judged from their text and the context document, and counted as such.

export const PANEL_PROMPT = "panel-judge";
export const PANEL_REPOSITORY_PROMPT = "panel-judge-repository";
export const PANEL_SANDBOX_PROMPT = "panel-judge-sandbox";

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

/** A permanent problem with the request itself (not scored, nothing to sample): recorded on the row, not retried. */
export class PanelInputError extends Error {}

export async function runPanel(claim: AnalysisClaim, deps: PanelDeps): Promise<PanelSummary> {
  // What the panel pays is counted call by call (PanelRun.spent*, not fenced: a superseded attempt's calls were paid
  // for too); costUsd, below, is the cost of the reviews it keeps.
  return deps.client.withUsage(
    (u) =>
      db.panelRun.updateMany({
        where: { id: claim.runId },
        data: {
          spentCalls: { increment: 1 },
          spentInputTokens: { increment: u.inputTokens },
          spentOutputTokens: { increment: u.outputTokens },
          spentUsd: { increment: u.costUsd },
        },
      }),
    () => validateSample(claim, deps),
  );
}

async function validateSample(claim: AnalysisClaim, deps: PanelDeps): Promise<PanelSummary> {
  const progress = progressWriter(claim, deps.onProgress);
  const run = await db.panelRun.findUniqueOrThrow({
    where: { id: claim.runId },
    include: { submission: { select: { id: true, scoringStatus: true, scoringAttemptId: true } } },
  });
  if (run.submission.scoringStatus !== "scored")
    throw new PanelInputError("The submission is not scored; the panel needs its matches.");

  const findings = await db.finding.findMany({
    where: { run: { submissionId: run.submissionId } },
    select: {
      id: true,
      ordinal: true,
      file: true,
      lineStart: true,
      lineEnd: true,
      title: true,
      description: true,
      codeSnippet: true,
      suggestedFix: true,
      severity: true,
      repositoryId: true,
      repository: { select: { name: true } },
      run: { select: { index: true } },
    },
  });
  if (findings.length === 0) throw new PanelInputError("The submission has no findings to validate.");
  const byId = new Map(findings.map((f) => [f.id, f]));
  const sample = samplePanelFindings(
    findings.map((f) => ({ id: f.id, runIndex: f.run.index, repository: f.repository.name, ordinal: f.ordinal })),
    { sampleSize: run.sampleSize, seed: run.seed, runs: run.runs },
  );
  const sampledIds = sample.map((s) => s.findingId);
  const matched = new Set(
    (
      await db.match.findMany({
        where: { attemptId: run.submission.scoringAttemptId, findingId: { in: sampledIds } },
        select: { findingId: true },
        distinct: ["findingId"],
      })
    ).map((m) => m.findingId),
  );
  const prompts = {
    text: loadPrompt(PANEL_PROMPT),
    repository: loadPrompt(PANEL_REPOSITORY_PROMPT),
    sandbox: loadPrompt(PANEL_SANDBOX_PROMPT),
  };
  const limits = deps.judgeLimits ?? panelJudgeLimitsFromEnv();

  // The sampled repositories' context documents (one per snapshot, shared by all panels) and snapshots, extracted
  // once for this panel: every judge of a finding whose repository has one reads it.
  const contexts = new Map<string, PanelContext>();
  const snapshots = new Map<string, { snapshot: SandboxedSnapshot; dir: string }>();
  try {
    for (const repositoryId of new Set(sample.map((s) => byId.get(s.findingId)!.repositoryId))) {
      const snapshot = (
        await db.repository.findUniqueOrThrow({
          where: { id: repositoryId },
          select: { snapshot: { select: { sha256: true, storagePath: true, image: true } } },
        })
      ).snapshot;
      if (snapshot) snapshots.set(repositoryId, { snapshot, dir: await panelSnapshotDir(run.id, snapshot) });
    }
  } catch (error) {
    // A snapshot refused at extraction fails the panel with the refusal; nothing half-extracted stays behind.
    await removePanelWorkDir(run.id);
    throw error;
  }
  const used = [prompts.text, ...(snapshots.size > 0 ? [deps.sandbox ? prompts.sandbox : prompts.repository] : [])];
  const promptVersion = used.map((p) => `${p.name}@${p.version}`).join("+");

  const readIds = sample.filter((s) => snapshots.has(byId.get(s.findingId)!.repositoryId)).map((s) => s.findingId);
  // The sample rows (same seed, size and runs: the same rows); reviews of findings or judges no longer in the panel go.
  await db.$transaction([
    // Opaque ids derive from (seed, finding): this drops findings no longer sampled and rows of an earlier seed.
    db.panelSample.deleteMany({ where: { panelRunId: run.id, opaqueId: { notIn: sample.map((s) => s.opaqueId) } } }),
    db.panelReview.deleteMany({
      where: {
        panelRunId: run.id,
        OR: [
          { findingId: { notIn: sampledIds } },
          { tier: 1, judge: { notIn: deps.config.judges } },
          { tier: 2, judge: { not: deps.config.tier2Judge } },
        ],
      },
    }),
    db.panelSample.createMany({
      data: sample.map((s) => ({
        panelRunId: run.id,
        findingId: s.findingId,
        opaqueId: s.opaqueId,
        runIndex: s.runIndex,
        repository: s.repository,
        matched: matched.has(s.findingId),
        repositoryRead: snapshots.has(byId.get(s.findingId)!.repositoryId),
      })),
      skipDuplicates: true,
    }),
    db.panelSample.updateMany({
      where: { panelRunId: run.id, findingId: { in: [...matched] } },
      data: { matched: true },
    }),
    db.panelSample.updateMany({
      where: { panelRunId: run.id, findingId: { notIn: [...matched] } },
      data: { matched: false },
    }),
    // A snapshot imported since the last run of this panel: its findings are now judged against it.
    db.panelSample.updateMany({
      where: { panelRunId: run.id, findingId: { in: readIds } },
      data: { repositoryRead: true },
    }),
    db.panelSample.updateMany({
      where: { panelRunId: run.id, findingId: { notIn: readIds } },
      data: { repositoryRead: false },
    }),
  ]);
  await updateAnalysis(claim, { sampled: sample.length, promptVersion });
  await progress(5);

  for (const repositoryId of new Set(sample.map((s) => byId.get(s.findingId)!.repositoryId))) {
    contexts.set(repositoryId, await ensurePanelContext(repositoryId, deps.client, deps.config.contextModel));
  }
  await progress(10);

  const existing = await db.panelReview.findMany({ where: { panelRunId: run.id } });
  const stored = new Map(existing.map((r) => [`${r.findingId}|${r.tier}|${r.judge}`, r]));
  const summary: PanelSummary = { sampled: sample.length, asked: 0, reused: 0, retries: 0, malformedReplies: 0 };

  type Mode = "text" | "repository" | "sandbox";
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

  const review = async (findingId: string, opaqueId: string, tier: number, judge: string): Promise<TierReview> => {
    const f = byId.get(findingId)!;
    const context = contexts.get(f.repositoryId)!;
    const repo = snapshots.get(f.repositoryId);
    let mode: Mode = !repo ? "text" : deps.sandbox ? "sandbox" : "repository";
    const hit = stored.get(`${findingId}|${tier}|${judge}`);
    // With PANEL_SANDBOX=auto a review may have fallen back to the read-only tools; either answer is kept on a rerun.
    const acceptable = [
      hashFor(mode, judge, context.hash, repo?.snapshot.sha256 ?? null),
      ...(mode === "sandbox" && !deps.sandbox!.required
        ? [hashFor("repository", judge, context.hash, repo!.snapshot.sha256)]
        : []),
    ];
    if (hit && acceptable.includes(hit.configHash)) {
      summary.reused++;
      return {
        judge,
        verdict: hit.verdict,
        reason: hit.reason,
        severity: hit.severity,
        confidence: hit.confidence ?? "low",
        pocRan: hit.pocRan,
      };
    }
    const record = bugRecordJson({
      id: opaqueId,
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
    const blocks = { context: context.text, finding: record };
    let answer: { value: PanelReply; inputTokens: number; outputTokens: number; costUsd: number } | null = null;
    let poc: { sandboxed: boolean; pocRan: boolean; poc: Prisma.InputJsonValue | typeof Prisma.DbNull } = {
      sandboxed: false,
      pocRan: false,
      poc: Prisma.DbNull,
    };
    if (mode === "sandbox" && repo) {
      const verdict = await judgeInSandbox(
        {
          panelRunId: run.id,
          reviewKey: `${findingId}-${tier}-${judge}`,
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
        answer = {
          value: verdict.reply,
          inputTokens: verdict.inputTokens,
          outputTokens: verdict.outputTokens,
          costUsd: verdict.costUsd,
        };
        poc = { sandboxed: true, pocRan: verdict.pocRan, poc: verdict.poc };
      } else mode = "repository";
    }
    if (mode === "repository" && repo) {
      const verdict = await judgeWithRepository(
        {
          repo: f.repository.name,
          snapshotDir: repo.dir,
          judge,
          messages: renderBlockMessages(prompts.repository, blocks),
        },
        deps.client,
        limits,
      );
      answer = {
        value: verdict.reply,
        inputTokens: verdict.inputTokens,
        outputTokens: verdict.outputTokens,
        costUsd: verdict.costUsd,
      };
    }
    if (!answer)
      answer = await deps.client.ask(
        judge,
        renderBlockMessages(prompts.text, blocks),
        "panel_verdict",
        panelReplyJsonSchema,
        panelReplySchema,
      );
    summary.asked++;
    // F.6.2: a confirmation without an executed proof of concept is at most Low, whatever the judge said.
    const reply = capConfidence(answer.value, poc.pocRan);
    const configHash = hashFor(mode, judge, context.hash, repo?.snapshot.sha256 ?? null);
    const data = {
      verdict: reply.verdict,
      reason: reply.reason,
      severity: reply.severity,
      confidence: reply.confidence,
      rationale: reply.rationale,
      configHash,
      inputTokens: answer.inputTokens,
      outputTokens: answer.outputTokens,
      costUsd: answer.costUsd,
      ...poc,
    };
    await db.panelReview.upsert({
      where: { panelRunId_findingId_tier_judge: { panelRunId: run.id, findingId, tier, judge } },
      create: { panelRunId: run.id, findingId, tier, judge, ...data },
      update: data,
    });
    return {
      judge,
      verdict: reply.verdict,
      reason: reply.reason,
      severity: reply.severity,
      confidence: reply.confidence,
      pocRan: poc.pocRan,
    };
  };

  let done = 0;
  try {
    await pMap(
      sample,
      async (s) => {
        // The tier 1 judges answer independently, so they are asked at once.
        const tier1: TierReview[] = await Promise.all(
          deps.config.judges.map((judge) => review(s.findingId, s.opaqueId, 1, judge)),
        );
        const final = agreedVerdict(tier1) ?? (await review(s.findingId, s.opaqueId, 2, deps.config.tier2Judge));
        // A tier 2 review left from an earlier disagreement is dropped when tier 1 now agrees.
        if (agreedVerdict(tier1))
          await db.panelReview.deleteMany({ where: { panelRunId: run.id, findingId: s.findingId, tier: 2 } });
        await db.panelSample.update({
          where: { panelRunId_findingId: { panelRunId: run.id, findingId: s.findingId } },
          data: {
            verdict: final.verdict,
            reason: final.reason,
            severity: final.severity as Severity | null,
            confidence: final.confidence,
            pocRan: final.pocRan,
          },
        });
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
  const totals = await db.panelReview.aggregate({
    where: { panelRunId: run.id },
    _count: { _all: true },
    _sum: { inputTokens: true, outputTokens: true, costUsd: true },
  });
  await updateAnalysis(claim, {
    status: "done",
    progress: 100,
    error: null,
    finishedAt: new Date(),
    judgeCalls: totals._count._all,
    inputTokens: totals._sum.inputTokens ?? 0,
    outputTokens: totals._sum.outputTokens ?? 0,
    costUsd: totals._sum.costUsd ?? 0,
    retries: { increment: summary.retries },
    malformedReplies: { increment: summary.malformedReplies },
  });
  // Public pages are cached until the benchmark's stamp (latest Submission.updatedAt) moves: move it.
  await db.submission.update({ where: { id: run.submissionId }, data: { updatedAt: new Date() } });
  await emitSubmissionEvent("panel.completed", run.submissionId, { panel_run_id: run.id });
  return summary;
}
