import { rm } from "node:fs/promises";
import path from "node:path";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { isPanelRunning } from "../../../lib/server/panel/panel-store";
import { AppError } from "../../../lib/errors";
import { env } from "../../../lib/env";
import { runAgentLoop } from "../../../lib/agent/agent-loop";
import { passLimits, type PassLimits } from "../../../lib/agent/budget";
import type { StructuredClient } from "../../../lib/llm/structured-client";
import type { JudgeMessage } from "../../../lib/llm/judge-messages";
import {
  abstainedAtLimit,
  PANEL_TOOL_DEFINITIONS,
  proofOfConceptRan,
  recordRun,
  submitVerdictTool,
  type PocRecord,
} from "../../../lib/agent/sandbox-judge";
import type { PanelReply } from "../../../lib/panel/verdicts";
import type { SandboxProvider } from "../../../lib/sandbox/sandbox";
import { extractSnapshot } from "../../../lib/sandbox/extract-snapshot";
import { REPOSITORY_TOOL_DEFINITIONS, REPOSITORY_TOOL_NAMES } from "../../../lib/agent/repository-tools";
import { snapshotLimits } from "../../../lib/server/snapshots/snapshot-limits";
import { snapshotArchivePath } from "../../shared/snapshot-archive";
import { runRepositoryTool } from "./panel-repository-tools";
import { log } from "../../../lib/observability/log";

// A panel judge with the repository (§2.3, F.6.2): the in-house runs' agent loop under tight limits, either in a
// sandbox of the snapshot (read_file, list_dir, grep, run: a proof of concept may run) or, without a sandbox, with
// the read-only repository tools over the snapshot extracted on the worker. The model never runs in the sandbox.

/**
 * `required`: PANEL_SANDBOX=on, where a sandbox that cannot be created fails the review (retried with the job);
 * with auto, such a judge reads the repository without running anything instead.
 */
export type PanelSandboxDeps = { provider: SandboxProvider; limits: PassLimits; required: boolean };

/** The limits of one judge that uses tools (sandboxed or read-only): turns, tokens and wall time. */
export function panelJudgeLimitsFromEnv(): PassLimits {
  return passLimits(env.PANEL_SANDBOX_MAX_TURNS, env.PANEL_SANDBOX_MAX_TOKENS, env.PANEL_SANDBOX_WALL_SECONDS);
}

function panelSandboxFromEnv(provider: SandboxProvider, required = env.PANEL_SANDBOX === "on"): PanelSandboxDeps {
  return { provider, limits: panelJudgeLimitsFromEnv(), required };
}

/**
 * The panel's sandbox as PANEL_SANDBOX says, given the worker's sandbox choice (SANDBOX=auto finds Docker, else
 * bubblewrap): off, none; auto (the default), the worker's sandbox when it has one, else none, and judges with a
 * snapshot then read it without running code; on, the worker's sandbox, required (a sandbox that fails to start
 * fails the review, and a worker without one refuses the panel, saying why).
 */
export function panelSandboxForEnv(choice: {
  provider: SandboxProvider | null;
  reason: string;
}): PanelSandboxDeps | null {
  if (env.PANEL_SANDBOX === "off") return null;
  if (env.PANEL_SANDBOX === "on") {
    if (!choice.provider)
      throw new AppError(
        "unavailable",
        `PANEL_SANDBOX=on, but this worker has no sandbox (${choice.reason}). Set PANEL_SANDBOX=auto to judge without proofs of concept, or make a sandbox available.`,
      );
    return panelSandboxFromEnv(choice.provider, true);
  }
  return choice.provider ? panelSandboxFromEnv(choice.provider, false) : null;
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
  return extractSnapshot(
    snapshotArchivePath(snapshot),
    path.join(panelWorkDir(panelRunId), snapshot.sha256),
    snapshotLimits(),
  );
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
  return !(await isPanelRunning(labels.runId));
}

export type SandboxedVerdict = {
  reply: PanelReply;
  pocRan: boolean;
  poc: PocRecord;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
};

/**
 * One judge's review in a fresh sandbox of the snapshot; the sandbox is removed when it ends. Null when the sandbox
 * could not be created and none is required (PANEL_SANDBOX=auto): the caller then judges with the read-only tools.
 */
export async function judgeInSandbox(
  input: {
    panelRunId: string;
    reviewKey: string;
    repo: string;
    snapshot: SandboxedSnapshot;
    snapshotDir: string;
    judge: string;
    messages: JudgeMessage[];
  },
  client: StructuredClient,
  deps: PanelSandboxDeps,
): Promise<SandboxedVerdict | null> {
  let sandbox;
  try {
    sandbox = await deps.provider.create({
      runId: input.panelRunId,
      passId: `${PANEL_PASS_PREFIX}${input.reviewKey}`,
      snapshotDir: input.snapshotDir,
      archivePath: snapshotArchivePath(input.snapshot),
      image: input.snapshot.image,
    });
  } catch (error) {
    if (deps.required) throw error;
    log.warn(
      { err: error, reviewKey: input.reviewKey },
      "panel review without a sandbox: the judge reads the repository without running code",
    );
    return null;
  }
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
    return {
      reply,
      pocRan: proofOfConceptRan(poc),
      poc,
      inputTokens: result.inputTokens,
      outputTokens: result.outputTokens,
      // Priced per turn, cached input at its cached price (lib/llm/model-prices.ts).
      costUsd: result.costUsd,
    };
  } finally {
    await sandbox
      .close()
      .catch((error) =>
        log.error({ err: error, reviewKey: input.reviewKey }, "could not remove the sandbox of a panel review"),
      );
  }
}

export type RepositoryVerdict = {
  reply: PanelReply;
  turns: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
};

/**
 * One judge's review with the read-only repository tools over the extracted snapshot (no sandbox needed): it can
 * read the code the finding names, its callers and guards, but runs nothing, so its confirmations stay Low.
 */
export async function judgeWithRepository(
  input: { repo: string; snapshotDir: string; judge: string; messages: JudgeMessage[] },
  client: StructuredClient,
  limits: PassLimits,
): Promise<RepositoryVerdict> {
  const result = await runAgentLoop<PanelReply>(input.messages as ChatCompletionMessageParam[], {
    repo: input.repo,
    limits,
    submit: submitVerdictTool,
    complete: (messages) => client.completeWithTools(input.judge, messages, REPOSITORY_TOOL_DEFINITIONS),
    tools: { names: REPOSITORY_TOOL_NAMES, run: (name, args) => runRepositoryTool(input.snapshotDir, name, args) },
    exec: () => Promise.reject(new Error("a judge without a sandbox runs no commands")),
    afterTurn: async () => null,
    now: () => Date.now(),
  });
  const reply = result.outcome === "submitted" ? result.findings : abstainedAtLimit(result.reason);
  return {
    reply,
    turns: result.turns,
    inputTokens: result.inputTokens,
    outputTokens: result.outputTokens,
    // Priced per turn, cached input at its cached price (lib/llm/model-prices.ts).
    costUsd: result.costUsd,
  };
}
