import type { EmbeddingProvider } from "../../../lib/embeddings/provider";
import type { Judge } from "../../../lib/llm/judge";
import type { ScoreBreakdown } from "../../../lib/scoring/types";
import type { BatchOptions } from "./judge-batches";
import type { JudgeStats } from "../../shared/judge/judge-runner";
import type { loadScoringInput } from "./load-scoring-input";
import type { CrossRunFigures } from "./merge-runs";
import type { prefilterInThread } from "./prefilter-client";
import type { createYielder } from "./yielder";

// The shapes the scoring phases pass each other (score-submission.ts runs them in order).

export type ScoringDeps = {
  judge: Judge;
  embedder: EmbeddingProvider;
  concurrency: number;
  /** Judge calls allowed without approval (JUDGE_CALL_BUDGET). */
  budget: number;
  malformedRetries: number;
  /** Batch mode's options (JUDGE_BATCH=cold); undefined judges every pair directly. */
  batch?: BatchOptions;
  onProgress?: (percent: number) => Promise<void>;
};

export type ScoringSummary = {
  outcome: "scored" | "awaiting_approval";
  comparedPairs: number;
  keptPairs: number;
  estimatedCalls: number;
  judge: JudgeStats;
  crossRun: CrossRunFigures;
  timings: {
    loadMs: number;
    embedMs: number;
    prefilterMs: number;
    judgeMs: number;
    crossRunMs: number;
    writeMs: number;
    totalMs: number;
  };
  overall?: ScoreBreakdown["overall"];
};

export type ScoringInput = Awaited<ReturnType<typeof loadScoringInput>>;
export type Timings = ScoringSummary["timings"];
export type Progress = (percent: number) => Promise<void>;
export type Yield = ReturnType<typeof createYielder>;
export type ReferencePairs = Awaited<ReturnType<typeof prefilterInThread>>["referencePairs"];
