import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { env } from "../../../lib/env";
import { runAgentLoop, type LoopResult } from "../../../lib/agent/agent-loop";
import { budgetExhausted } from "../../../lib/agent/budget";
import { buildPassMessages, type PassPromptInput, type SnippetSite } from "../../../lib/agent/harness";
import { HARNESS_PROMPTS, harnessSchema } from "../../../lib/contracts/harnesses";
import { loadPrompt } from "../../../lib/llm/prompts";
import { finishRunIfComplete } from "../../../lib/server/audit-runs/finish-run";
import { runEndpoint } from "../../../lib/server/audit-runs/model-endpoint";
import type { SandboxProvider } from "../../../lib/sandbox/sandbox";
import { readSnapshotFile } from "../../../lib/snapshots/snapshot-fs";
import { passPlanSchema, type CallSite } from "../../../lib/validation/pass-plan";
import { type Prisma } from "../../../lib/generated/prisma/client";
import { log } from "../../../lib/observability/log";
import {
  markPassFailed,
  readAuditRun,
  readPassToRun,
  stopRunOverBudget,
} from "../../../lib/server/audit-runs/audit-run-store";
import { updateClaimedPass, type PassClaim } from "./claim-audit-run";
import { createAuditClient, toolCompleter } from "./audit-model";
import { snapshotArchivePath } from "../../shared/snapshot-archive";
import { removeEndedRunDirs, snapshotDirFor } from "./run-snapshot";

// One pass of a run, as one BullMQ job (the unit of retry), claimed in claim-audit-run.ts.
const SOURCE_MAX_CHARS = 60_000; // per target file in the prompt; the agent reads the rest with read_file
const SOURCES_MAX_CHARS = 240_000; // all target files of a pass (the planner keeps batches under 60k tokens)
const PLANNED_FILE_MAX_BYTES = 4 * 1024 * 1024; // read from the host for the prompt and caller/callee snippets
const SNIPPET_BEFORE = 2;
const SNIPPET_AFTER = 6;

/** Why the run must not go on (cancelled, failed, over budget), or null. Marks the run over_budget when it is spent. */
async function runStopReason(runId: string): Promise<string | null> {
  const run = await readAuditRun(runId);
  if (!run) return "the run was deleted";
  if (run.status !== "running") return `the run is ${run.status.replace("_", " ")}`;
  const reason = budgetExhausted(
    {
      usd: run.budgetUsd ?? undefined,
      tokens: run.budgetTokens ?? undefined,
      wall_minutes: run.budgetWallMinutes ?? undefined,
    },
    { tokens: run.inputTokens + run.outputTokens, costUsd: run.costUsd, startedAt: run.startedAt },
    new Date(),
  );
  if (!reason) return null;
  await stopRunOverBudget(runId, reason);
  return reason;
}

function snippetAt(text: string | undefined, line: number): string {
  if (text === undefined) return "(file not in the snapshot)";
  const lines = text.split("\n");
  const from = Math.max(1, line - SNIPPET_BEFORE);
  const to = Math.min(lines.length, line + SNIPPET_AFTER);
  const out: string[] = [];
  for (let n = from; n <= to; n++) out.push(`${String(n).padStart(6)}  ${lines[n - 1]}`);
  return out.join("\n");
}

// The plan names files of the snapshot; a path that is missing, leaves the tree or is (or passes through) a symbolic
// link reads as absent (lib/snapshots/snapshot-fs.ts never follows a link).
async function readPlannedFile(dir: string, file: string): Promise<string | undefined> {
  const content = await readSnapshotFile(dir, file, { maxBytes: PLANNED_FILE_MAX_BYTES }).catch(() => null);
  return content?.toString("utf8");
}

async function withSnippets(dir: string, sites: CallSite[]): Promise<SnippetSite[]> {
  const cache = new Map<string, string | undefined>();
  const out: SnippetSite[] = [];
  for (const s of sites) {
    if (!cache.has(s.file)) cache.set(s.file, await readPlannedFile(dir, s.file));
    out.push({ ...s, snippet: snippetAt(cache.get(s.file), s.line) });
  }
  return out;
}

export type PassOutcome = {
  outcome: LoopResult["outcome"] | "skipped" | "superseded";
  findings?: number;
  reason?: string;
};

export async function runAuditPass(claim: PassClaim, sandboxes: SandboxProvider): Promise<PassOutcome> {
  const { passId } = claim;
  const stopBefore = await runStopReason(claim.runId);
  if (stopBefore) {
    await updateClaimedPass(claim, { status: "skipped", error: `Not started: ${stopBefore}.`, finishedAt: new Date() });
    await finishRunIfComplete(claim.runId);
    await removeEndedRunDirs(claim.runId);
    return { outcome: "skipped", reason: stopBefore };
  }
  const { pass, run, repository } = await readPassToRun(passId);
  const harness = harnessSchema.parse(run.harness);
  if (!repository.snapshot) throw new Error(`${repository.name} has no snapshot`);
  const endpoint = runEndpoint(run.baseUrl);
  if (!endpoint) throw new Error("no model endpoint is configured");
  const dir = await snapshotDirFor(run.id, repository.snapshot);

  const input: PassPromptInput = {
    repo: repository.name,
    language: repository.language,
    pass: { id: pass.passKey, kind: "repository", files: pass.files },
  };
  if (harness !== "vanilla") {
    const plan = passPlanSchema.parse(repository.snapshot.plans[0]?.plan);
    const planned = plan.passes.find((p) => p.id === pass.passKey);
    if (!planned) throw new Error(`pass ${pass.passKey} is not in the plan of ${repository.name}`);
    input.pass.kind = planned.kind;
    if (harness === "probe-passes") {
      input.contextDocument = repository.contextDocuments[0]?.text;
      let budget = SOURCES_MAX_CHARS;
      input.sources = [];
      for (const file of planned.files) {
        const text = (await readPlannedFile(dir, file)) ?? "";
        const keep = Math.max(0, Math.min(SOURCE_MAX_CHARS, budget));
        input.sources.push({ path: file, text: text.slice(0, keep), truncated: text.length > keep });
        budget -= Math.min(text.length, keep);
      }
      input.callers = await withSnippets(dir, planned.callers);
      input.callees = await withSnippets(dir, planned.callees);
      input.callersTotal = planned.callers_total;
      input.calleesTotal = planned.callees_total;
    }
  }
  const messages: ChatCompletionMessageParam[] = buildPassMessages(
    harness,
    loadPrompt(HARNESS_PROMPTS[harness]),
    input,
  );
  await updateClaimedPass(claim, {}, messages);
  // Messages stored so far: each turn appends only what is new.
  let stored = messages.length;

  // A container of an earlier attempt of this pass (its worker died) goes first.
  await sandboxes.removeOrphans(async (labels) => labels.passId === passId);
  const sandbox = await sandboxes.create({
    runId: run.id,
    passId,
    snapshotDir: dir,
    archivePath: snapshotArchivePath(repository.snapshot),
    image: repository.snapshot.image,
  });
  let result: LoopResult;
  try {
    const complete = toolCompleter(createAuditClient(endpoint), run.model, run.reasoningEffort);
    result = await runAgentLoop(messages, {
      repo: repository.name,
      limits: {
        maxTurns: env.AUDIT_PASS_MAX_TURNS,
        maxTokens: env.AUDIT_PASS_MAX_TOKENS,
        wallMs: env.AUDIT_PASS_WALL_MINUTES * 60_000,
      },
      complete,
      exec: (command) => sandbox.exec(command),
      now: () => Date.now(),
      afterTurn: async (u) => {
        const fresh = u.messages.slice(stored);
        await updateClaimedPass(
          claim,
          {
            turns: u.turns,
            inputTokens: u.inputTokens,
            cachedInputTokens: u.cachedInputTokens,
            outputTokens: u.outputTokens,
            costUsd: u.costUsd,
          },
          fresh,
          stored,
          // What a pass spends counts at once, also when its attempt is lost later: the budget is real money.
          {
            inputTokens: { increment: u.delta.inputTokens },
            cachedInputTokens: { increment: u.delta.cachedInputTokens },
            outputTokens: { increment: u.delta.outputTokens },
            costUsd: { increment: u.delta.costUsd },
          },
        );
        stored += fresh.length;
        return runStopReason(run.id);
      },
    });
  } finally {
    await sandbox.close().catch((error) => log.error({ err: error }, "could not remove the sandbox of the pass"));
  }
  const rest = result.messages.slice(stored);
  const final = {
    turns: result.turns,
    inputTokens: result.inputTokens,
    cachedInputTokens: result.cachedInputTokens,
    outputTokens: result.outputTokens,
    costUsd: result.costUsd,
    finishedAt: new Date(),
  };
  if (result.outcome === "submitted") {
    await updateClaimedPass(
      claim,
      { ...final, status: "done", findings: result.findings as unknown as Prisma.InputJsonValue },
      rest,
      stored,
    );
  } else {
    await updateClaimedPass(
      claim,
      {
        ...final,
        status: result.outcome === "limit" ? "failed" : "stopped",
        error: `${result.reason[0]!.toUpperCase()}${result.reason.slice(1)}.`,
      },
      rest,
      stored,
    );
  }
  await finishRunIfComplete(run.id);
  await removeEndedRunDirs(run.id);
  return {
    outcome: result.outcome,
    findings: result.outcome === "submitted" ? result.findings.length : 0,
    reason: result.outcome === "submitted" ? undefined : result.reason,
  };
}

/** Records a pass attempt that failed for good (permanent model error, or the last attempt). */
export async function failAuditPass(passId: string, message: string): Promise<void> {
  const runId = await markPassFailed(passId, message);
  if (runId) await finishRunIfComplete(runId);
}
