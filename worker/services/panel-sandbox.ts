import { rm } from "node:fs/promises";
import path from "node:path";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { db } from "../../lib/db";
import { env } from "../../lib/env";
import { runAgentLoop } from "../../lib/agent/agent-loop";
import type { PassLimits } from "../../lib/agent/budget";
import type { StructuredClient } from "../../lib/llm/analysis-client";
import { judgeCostUsd } from "../../lib/llm/judge";
import type { JudgeMessage } from "../../lib/llm/judge-messages";
import { abstainedAtLimit, PANEL_TOOL_DEFINITIONS, proofOfConceptRan, recordRun, submitVerdictTool, type PocRecord } from "../../lib/panel/sandbox-judge";
import type { PanelReply } from "../../lib/panel/verdicts";
import type { SandboxProvider } from "../../lib/sandbox/sandbox";
import { extractSnapshot } from "../../lib/sandbox/extract-snapshot";
import { snapshotLimits } from "../../lib/server/snapshots/snapshot-limits";
import { snapshotArchivePath } from "./audit-snapshot";
import { log } from "../../lib/observability/log";

// A panel judge in a sandbox of the repository's snapshot (PANEL_SANDBOX=on): the in-house runs' agent loop with
// read_file, list_dir, grep, run and submit_verdict, under tight limits. The model never runs in the sandbox.

export type PanelSandboxDeps = { provider: SandboxProvider; limits: PassLimits };

export function panelSandboxFromEnv(provider: SandboxProvider): PanelSandboxDeps {
  return { provider, limits: { maxTurns: env.PANEL_SANDBOX_MAX_TURNS, maxTokens: env.PANEL_SANDBOX_MAX_TOKENS, wallMs: env.PANEL_SANDBOX_WALL_SECONDS * 1000 } };
}

export type SandboxedSnapshot = { sha256: string; storagePath: string; image: string | null };

/**
 * A panel's extracted snapshots live beside the in-house runs' work directory (not inside it: the worker removes
 * directories there that belong to no run) and go when the panel ends.
 */
export function panelWorkDir(panelRunId: string): string {
  return path.resolve(env.AUDIT_WORK_DIR, "..", "panel-sandbox", panelRunId);
}

export async function panelSnapshotDir(panelRunId: string, snapshot: SandboxedSnapshot): Promise<string> {
  return extractSnapshot(snapshotArchivePath(snapshot), path.join(panelWorkDir(panelRunId), snapshot.sha256), snapshotLimits());
}

export async function removePanelWorkDir(panelRunId: string): Promise<void> {
  await rm(panelWorkDir(panelRunId), { recursive: true, force: true });
}

// A panel judge's sandbox is labelled with its panel (as the run) and `panel-<finding>-<tier>-<judge>` (as the pass),
// so the worker's orphan sweep at start tells it from an audit pass's and keeps it while its panel runs.
const PANEL_PASS_PREFIX = "panel-";

export function isPanelSandbox(labels: { passId: string }): boolean {
  return labels.passId.startsWith(PANEL_PASS_PREFIX);
}

export async function panelSandboxIsOrphan(labels: { runId: string }): Promise<boolean> {
  return (await db.panelRun.findUnique({ where: { id: labels.runId }, select: { status: true } }))?.status !== "running";
}

export type SandboxedVerdict = { reply: PanelReply; pocRan: boolean; poc: PocRecord; inputTokens: number; outputTokens: number; costUsd: number };

/** One judge's review in a fresh sandbox of the snapshot; the sandbox is removed when it ends. */
export async function judgeInSandbox(
  input: { panelRunId: string; reviewKey: string; repo: string; snapshot: SandboxedSnapshot; snapshotDir: string; judge: string; messages: JudgeMessage[] },
  client: StructuredClient,
  deps: PanelSandboxDeps,
): Promise<SandboxedVerdict> {
  const sandbox = await deps.provider.create({
    runId: input.panelRunId,
    passId: `${PANEL_PASS_PREFIX}${input.reviewKey}`,
    snapshotDir: input.snapshotDir,
    archivePath: snapshotArchivePath(input.snapshot),
    image: input.snapshot.image,
  });
  const poc: PocRecord = { turns: 0, commands: [], commands_omitted: 0 };
  const started = Date.now();
  try {
    const result = await runAgentLoop<PanelReply>(input.messages as ChatCompletionMessageParam[], {
      repo: input.repo,
      limits: deps.limits,
      submit: submitVerdictTool,
      complete: (messages) => client.completeWithTools(input.judge, messages, PANEL_TOOL_DEFINITIONS),
      exec: async ({ tool, argv, timeoutMs, maxOutputBytes }) => {
        // No command outlives the judge's wall time.
        const left = Math.max(1_000, deps.limits.wallMs - (Date.now() - started));
        const executed = await sandbox.exec({ argv, timeoutMs: Math.min(timeoutMs, left), maxOutputBytes });
        if (tool === "run") recordRun(poc, argv[2] ?? "", executed);
        return executed;
      },
      afterTurn: async () => null,
      now: () => Date.now(),
    });
    poc.turns = result.turns;
    const reply = result.outcome === "submitted" ? result.findings : abstainedAtLimit(result.reason);
    return { reply, pocRan: proofOfConceptRan(poc), poc, inputTokens: result.inputTokens, outputTokens: result.outputTokens, costUsd: judgeCostUsd(input.judge, result.inputTokens, result.outputTokens) };
  } finally {
    await sandbox.close().catch((error) => log.error({ err: error, reviewKey: input.reviewKey }, "could not remove the sandbox of a panel review"));
  }
}
