import { setTimeout as sleep } from "node:timers/promises";
import OpenAI, { toFile } from "openai";
import { z } from "zod";
import { Prisma } from "../../../lib/generated/prisma/client";
import { env } from "../../../lib/env";
import { JudgeReplyError, OpenAiJudge, type Judge } from "../../../lib/llm/judge";
import { log } from "../../../lib/observability/log";
import { ROWS_PER_QUERY } from "../../shared/rows-per-query";
import type { JudgeRunner } from "../../shared/judge/judge-runner";
import { readRecordedJudgeBatches } from "../../../lib/server/scoring/scoring-input-store";
import { readCachedVerdicts, requestKey, type JudgeRequest } from "../../shared/judge/verdict-cache";
import { updateClaimed, type Claim } from "./claim-submission";
import type { ReferencePlan } from "./judge-reference-pairs";
import type { Progress } from "./scoring-types";

// Batch mode (docs/scoring.md, "Batch mode"): the reference phase's uncached pairs go to the OpenAI Batch API (one
// JSONL line per pair, custom_id = the pair's verdict-cache key) instead of one call each. The submission row records
// the batch ids (Postgres is the truth): an attempt that finds ids there polls those batches and submits none. Output
// lines are parsed as direct replies are and stored in the same verdict cache, each key at most once; what no line
// answered (failed or expired lines, malformed replies) is left uncached, and the direct path judges it afterwards,
// so scoring goes on from a full cache exactly as without batches.

export type BatchOptions = {
  /** Fewest uncached pairs worth a batch; fewer are judged directly. */
  minPairs: number;
  /** Lines per batch file (the API allows 50,000). */
  maxLines: number;
  /** First poll interval, doubled after each poll up to maxPollMs. */
  pollMs: number;
  maxPollMs: number;
};

/** The options JUDGE_BATCH=cold sets; undefined when batch mode is off. */
export function batchOptionsFromEnv(): BatchOptions | undefined {
  if (env.JUDGE_BATCH !== "cold") return undefined;
  return {
    minPairs: env.JUDGE_BATCH_MIN_PAIRS,
    maxLines: env.JUDGE_BATCH_MAX_LINES,
    pollMs: env.JUDGE_BATCH_POLL_MS,
    maxPollMs: env.JUDGE_BATCH_MAX_POLL_MS,
  };
}

// The API refuses input files above 200 MB; a file is closed before it reaches this many bytes.
const MAX_FILE_BYTES = 190 * 1024 * 1024;
const TERMINAL = new Set(["completed", "failed", "expired", "cancelled"]);

const recordedSchema = z.object({ batches: z.array(z.object({ id: z.string().min(1), lines: z.number().int() })) });
type Recorded = z.infer<typeof recordedSchema>;

const outputLineSchema = z.object({
  custom_id: z.string(),
  response: z.object({ status_code: z.number(), body: z.unknown() }).nullish(),
  error: z.unknown().nullish(),
});

/**
 * Judges the plan's uncached pairs through the Batch API when batch mode applies (an LLM judge, at least minPairs
 * uncached pairs, or batches already recorded on the row), then drops from `plan.uncached` every pair now cached.
 * Returns the number of pairs answered through batches.
 */
export async function judgeReferenceBatches(input: {
  claim: Claim;
  plan: ReferencePlan;
  runner: JudgeRunner;
  judge: Judge;
  options: BatchOptions | undefined;
  progress: Progress;
}): Promise<number> {
  const { claim, plan, runner, judge, options, progress } = input;
  if (!options || !(judge instanceof OpenAiJudge)) return 0;
  const judgeBatches = await readRecordedJudgeBatches(claim.submissionId);
  const recorded = judgeBatches === null ? undefined : recordedSchema.safeParse(judgeBatches).data;
  if (!recorded && plan.uncached.length < options.minPairs) return 0;

  // The pairs a line may answer: those still uncached now (an earlier attempt may have stored some already).
  const pending = new Map<string, JudgeRequest>();
  for (const i of plan.uncached) {
    const request = plan.refRequest(i);
    pending.set(requestKey(request), request);
  }
  const client = judge.batchClient();
  const batches = recorded ?? (await submitBatches(claim, client, judge, [...pending.values()], options));
  const answered = await pollAndRead({ claim, client, judge, runner, batches, pending, options, progress });
  await runner.flush();
  await updateClaimed(claim, { judgeBatches: Prisma.DbNull, scoringError: null });

  // What is cached now is not judged again; the rest (failed, expired, malformed lines) goes to the direct path.
  const stillUncached: number[] = [];
  for (let k = 0; k < plan.uncached.length; k += ROWS_PER_QUERY) {
    const chunk = plan.uncached.slice(k, k + ROWS_PER_QUERY);
    const cached = await readCachedVerdicts(chunk.map(plan.refRequest), judge);
    for (const [key, verdict] of cached) plan.refVerdicts.set(key, verdict);
    for (const i of chunk) if (!cached.has(plan.refKeys[i]!)) stillUncached.push(i);
  }
  plan.uncached = stillUncached;
  log.info(
    { submissionId: claim.submissionId, batches: batches.batches.length, answered, direct: stillUncached.length },
    "judge batches read",
  );
  return answered;
}

/** Uploads the requests as JSONL files of at most maxLines lines and 190 MB, and records each batch as it starts. */
async function submitBatches(
  claim: Claim,
  client: OpenAI,
  judge: OpenAiJudge,
  requests: JudgeRequest[],
  options: BatchOptions,
): Promise<Recorded> {
  const recorded: Recorded = { batches: [] };
  let lines: string[] = [];
  let bytes = 0;
  const submit = async () => {
    if (lines.length === 0) return;
    const file = await client.files.create({
      file: await toFile(
        Buffer.from(`${lines.join("\n")}\n`),
        `probebench-${claim.submissionId}-${recorded.batches.length}.jsonl`,
      ),
      purpose: "batch",
    });
    const batch = await client.batches.create({
      input_file_id: file.id,
      endpoint: "/v1/chat/completions",
      completion_window: "24h",
      metadata: { submission: claim.submissionId },
    });
    recorded.batches.push({ id: batch.id, lines: lines.length });
    // Recorded at once: a restarted attempt polls this batch rather than submitting its lines again.
    await updateClaimed(claim, { judgeBatches: recorded });
    lines = [];
    bytes = 0;
  };
  for (const request of requests) {
    const line = JSON.stringify({
      custom_id: requestKey(request),
      method: "POST",
      url: "/v1/chat/completions",
      body: judge.batchRequestBody(request.left, request.right),
    });
    const size = Buffer.byteLength(line) + 1;
    if (lines.length >= options.maxLines || bytes + size > MAX_FILE_BYTES) await submit();
    lines.push(line);
    bytes += size;
  }
  await submit();
  return recorded;
}

/** Polls every batch with backoff until each has ended, reading each one's output as it ends. */
async function pollAndRead(input: {
  claim: Claim;
  client: OpenAI;
  judge: OpenAiJudge;
  runner: JudgeRunner;
  batches: Recorded;
  pending: Map<string, JudgeRequest>;
  options: BatchOptions;
  progress: Progress;
}): Promise<number> {
  const { claim, client, judge, runner, pending, options, progress } = input;
  const open = new Set(input.batches.batches.map((b) => b.id));
  const done = new Map<string, number>();
  const total = input.batches.batches.reduce((sum, b) => sum + b.lines, 0);
  let answered = 0;
  let waitMs = options.pollMs;
  for (;;) {
    const states: string[] = [];
    for (const id of [...open]) {
      let batch: OpenAI.Batches.Batch | undefined;
      try {
        batch = await client.batches.retrieve(id);
      } catch (error) {
        // A batch the endpoint no longer knows (another endpoint or key since it was recorded): its pairs go direct.
        if (!(error instanceof OpenAI.NotFoundError)) throw error;
        log.warn(
          { submissionId: claim.submissionId, batch: id },
          "judge batch not found; its pairs are judged directly",
        );
      }
      const counts = batch?.request_counts;
      done.set(id, counts ? counts.completed + counts.failed : 0);
      if (batch && !TERMINAL.has(batch.status)) {
        states.push(batch.status);
        continue;
      }
      open.delete(id);
      if (batch) answered += await readBatchOutput(client, judge, runner, batch, pending);
    }
    const finished = [...done.values()].reduce((a, b) => a + b, 0);
    await progress(25 + Math.floor((45 * Math.min(finished, total)) / Math.max(total, 1)));
    if (open.size === 0) return answered;
    // The status note (shown with the submission's status), written through the claim: a superseded attempt stops here.
    await updateClaimed(claim, {
      scoringError: `Judging ${total.toLocaleString("en-US")} pairs through the OpenAI Batch API (${states.join(", ")}): ${finished.toLocaleString("en-US")} answered so far.`,
    });
    await sleep(waitMs);
    waitMs = Math.min(waitMs * 2, options.maxPollMs);
  }
}

/** Reads a finished batch's output file: each line answering a pending pair is recorded once, then no longer pending. */
async function readBatchOutput(
  client: OpenAI,
  judge: OpenAiJudge,
  runner: JudgeRunner,
  batch: OpenAI.Batches.Batch,
  pending: Map<string, JudgeRequest>,
): Promise<number> {
  let answered = 0;
  if (batch.output_file_id) {
    const text = await (await client.files.content(batch.output_file_id)).text();
    for (const raw of text.split("\n")) {
      if (!raw.trim()) continue;
      const line = outputLineSchema.safeParse(parseJsonLine(raw));
      // A line that cannot be read answers nothing: its pair stays uncached and is judged directly.
      if (!line.success) continue;
      const request = pending.get(line.data.custom_id);
      const response = line.data.response;
      // A line of a pair no longer pending (answered by another line, or cached meanwhile) is never counted again.
      if (!request || !response || response.status_code !== 200) continue;
      pending.delete(line.data.custom_id);
      let decision;
      try {
        decision = judge.batchVerdict(response.body);
      } catch (error) {
        if (!(error instanceof JudgeReplyError)) throw error;
        decision = error;
      }
      runner.recordBatchLine(request, decision);
      answered++;
    }
  }
  let failed = 0;
  if (batch.error_file_id) {
    const text = await (await client.files.content(batch.error_file_id)).text();
    failed = text.split("\n").filter((l) => l.trim()).length;
  }
  log.info({ batch: batch.id, status: batch.status, answered, failed }, "judge batch ended");
  return answered;
}

function parseJsonLine(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
