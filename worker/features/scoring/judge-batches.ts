import { setTimeout as sleep } from "node:timers/promises";
import OpenAI, { toFile } from "openai";
import { z } from "zod";
import { Prisma } from "../../../lib/generated/prisma/client";
import { env } from "../../../lib/env";
import { JudgeReplyError, type OpenAiJudge } from "../../../lib/llm/judge";
import { log } from "../../../lib/observability/log";
import type { JudgeRunner } from "../../shared/judge/judge-runner";
import { readRecordedJudgeBatches } from "../../../lib/server/scoring/scoring-input-store";
import type { JudgeRequest } from "../../shared/judge/verdict-cache";
import { updateClaimed, type Claim } from "./claim-submission";
import type { Progress } from "./scoring-types";
import { createYielder } from "./yielder";

// Batch mode (docs/scoring.md, "Batch mode"): a phase's uncached pairs go to the OpenAI Batch API (one JSONL line per
// pair, custom_id = the pair's verdict-cache key) instead of one call each, as a round of batches: the reference
// phase's pairs (judge-reference-pairs.ts), then the cross-run phase's duplicate candidates (cross-run-batches.ts).
// The submission row records the round's phase and batch ids (Postgres is the truth): an attempt that finds ids there
// polls those batches and submits none. Output lines are parsed as direct replies are and stored in the same verdict
// cache, each key at most once; what no line answered (failed or expired lines, malformed replies) is left uncached,
// and the direct path judges it afterwards, so scoring goes on from a full cache exactly as without batches.

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

// The round recorded on the submission row: its phase (rows recorded before cross-run rounds existed are "reference")
// and its batches.
const recordedSchema = z.object({
  phase: z.enum(["reference", "cross-run"]).default("reference"),
  batches: z.array(z.object({ id: z.string().min(1), lines: z.number().int() })),
});
type Recorded = z.infer<typeof recordedSchema>;
/** Which phase's pairs a round of batches judges. */
type BatchPhase = Recorded["phase"];

const outputLineSchema = z.object({
  custom_id: z.string(),
  response: z.object({ status_code: z.number(), body: z.unknown() }).nullish(),
  error: z.unknown().nullish(),
});

/** The round of batches recorded on the submission row, if any (a row that does not parse is none). */
export async function readRecordedBatches(submissionId: string): Promise<Recorded | undefined> {
  const judgeBatches = await readRecordedJudgeBatches(submissionId);
  return judgeBatches === null ? undefined : recordedSchema.safeParse(judgeBatches).data;
}

/** One phase's round: the pairs its lines may answer and where its progress goes. */
export type BatchRound = {
  phase: BatchPhase;
  /** The pairs still uncached, by verdict-cache key (a line's custom_id): the pair's index in the phase. */
  pending: Map<string, number>;
  request: (i: number) => JudgeRequest;
  /** Each verdict a line gave (malformed lines give none), by the pair's index. */
  onVerdict?: (i: number, match: boolean) => void;
  /** The submission's progress runs from `progress[0]` to `progress[1]` as lines are answered. */
  progress: [number, number];
  /** What the status note calls the pairs. */
  noun: string;
};

/**
 * Judges a round through the Batch API: polls the batches `recorded` lists (an earlier attempt submitted them), else
 * submits the pending pairs and records each batch as it starts; reads every output, stores the verdicts, and clears
 * the row's record. Returns the number of pairs answered by a line.
 */
export async function judgeBatchRound(input: {
  claim: Claim;
  round: BatchRound;
  recorded: Recorded | undefined;
  runner: JudgeRunner;
  judge: OpenAiJudge;
  options: BatchOptions;
  progress: Progress;
}): Promise<number> {
  const { claim, round, runner, judge } = input;
  const client = judge.batchClient();
  const batches = input.recorded ?? (await submitBatches(claim, client, judge, round, input.options));
  const answered = await pollAndRead({ ...input, client, batches });
  await runner.flush();
  await updateClaimed(claim, { judgeBatches: Prisma.DbNull, scoringError: null });
  log.info(
    { submissionId: claim.submissionId, phase: round.phase, batches: batches.batches.length, answered },
    "judge batches read",
  );
  return answered;
}

/** Uploads the pending pairs as JSONL files of at most maxLines lines and 190 MB; records each batch as it starts. */
async function submitBatches(
  claim: Claim,
  client: OpenAI,
  judge: OpenAiJudge,
  round: BatchRound,
  options: BatchOptions,
): Promise<Recorded> {
  const recorded: Recorded = { phase: round.phase, batches: [] };
  const maybeYield = createYielder();
  let lines: string[] = [];
  let bytes = 0;
  const submit = async () => {
    if (lines.length === 0) return;
    const file = await client.files.create({
      file: await toFile(
        Buffer.from(`${lines.join("\n")}\n`),
        `probebench-${claim.submissionId}-${round.phase}-${recorded.batches.length}.jsonl`,
      ),
      purpose: "batch",
    });
    const batch = await client.batches.create({
      input_file_id: file.id,
      endpoint: "/v1/chat/completions",
      completion_window: "24h",
      metadata: { submission: claim.submissionId, phase: round.phase },
    });
    recorded.batches.push({ id: batch.id, lines: lines.length });
    // Recorded at once: a restarted attempt polls this batch rather than submitting its lines again.
    await updateClaimed(claim, { judgeBatches: recorded });
    lines = [];
    bytes = 0;
  };
  for (const [key, i] of round.pending) {
    const request = round.request(i);
    const line = JSON.stringify({
      custom_id: key,
      method: "POST",
      url: "/v1/chat/completions",
      body: judge.batchRequestBody(request.left, request.right),
    });
    const size = Buffer.byteLength(line) + 1;
    if (lines.length >= options.maxLines || bytes + size > MAX_FILE_BYTES) await submit();
    lines.push(line);
    bytes += size;
    // Tens of thousands of lines a file: the event loop is handed back while they are built.
    const pause = maybeYield();
    if (pause) await pause;
  }
  await submit();
  return recorded;
}

/** Polls every batch with backoff until each has ended, reading each one's output as it ends. */
async function pollAndRead(input: {
  claim: Claim;
  round: BatchRound;
  client: OpenAI;
  judge: OpenAiJudge;
  runner: JudgeRunner;
  batches: Recorded;
  options: BatchOptions;
  progress: Progress;
}): Promise<number> {
  const { claim, round, client, options, progress } = input;
  const open = new Set(input.batches.batches.map((b) => b.id));
  const done = new Map<string, number>();
  const total = input.batches.batches.reduce((sum, b) => sum + b.lines, 0);
  const [from, to] = round.progress;
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
      if (batch) answered += await readBatchOutput({ ...input, batch });
    }
    const finished = [...done.values()].reduce((a, b) => a + b, 0);
    await progress(from + Math.floor(((to - from) * Math.min(finished, total)) / Math.max(total, 1)));
    if (open.size === 0) return answered;
    // The status note (shown with the submission's status), written through the claim: a superseded attempt stops here.
    await updateClaimed(claim, {
      scoringError: `Judging ${total.toLocaleString("en-US")} ${round.noun} through the OpenAI Batch API (${states.join(", ")}): ${finished.toLocaleString("en-US")} answered so far.`,
    });
    await sleep(waitMs);
    waitMs = Math.min(waitMs * 2, options.maxPollMs);
  }
}

/** Reads a finished batch's output file: each line answering a pending pair is recorded once, then no longer pending. */
async function readBatchOutput(input: {
  round: BatchRound;
  client: OpenAI;
  judge: OpenAiJudge;
  runner: JudgeRunner;
  batch: OpenAI.Batches.Batch;
}): Promise<number> {
  const { round, client, judge, runner, batch } = input;
  const maybeYield = createYielder();
  let answered = 0;
  if (batch.output_file_id) {
    const text = await (await client.files.content(batch.output_file_id)).text();
    for (const raw of text.split("\n")) {
      const pause = maybeYield();
      if (pause) await pause;
      if (!raw.trim()) continue;
      const line = outputLineSchema.safeParse(parseJsonLine(raw));
      // A line that cannot be read answers nothing: its pair stays uncached and is judged directly.
      if (!line.success) continue;
      const i = round.pending.get(line.data.custom_id);
      const response = line.data.response;
      // A line of a pair no longer pending (answered by another line, or cached meanwhile) is never counted again.
      if (i === undefined || !response || response.status_code !== 200) continue;
      round.pending.delete(line.data.custom_id);
      let decision;
      try {
        decision = judge.batchVerdict(response.body);
      } catch (error) {
        if (!(error instanceof JudgeReplyError)) throw error;
        decision = error;
      }
      runner.recordBatchLine(round.request(i), decision);
      if (!(decision instanceof JudgeReplyError)) round.onVerdict?.(i, decision.match);
      answered++;
    }
  }
  let failed = 0;
  if (batch.error_file_id) {
    const text = await (await client.files.content(batch.error_file_id)).text();
    failed = text.split("\n").filter((l) => l.trim()).length;
  }
  log.info({ batch: batch.id, phase: round.phase, status: batch.status, answered, failed }, "judge batch ended");
  return answered;
}

function parseJsonLine(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
