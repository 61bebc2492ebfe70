import type { StoredScore } from "../../scoring/types";
import { benchmarkKey } from "../../validation/benchmark-ref";
import { storedScoreOf, type ScoreValues } from "./read-scores";

// The fields every list of submissions shows (the submitter's own list, the admin review queue), from one row with
// its benchmark and its overall mean score. Pure: the callers query, this shapes.

type SummaryRow = {
  id: string;
  model: string;
  reasoningEffort: string | null;
  harness: string | null;
  reviewReason: string | null;
  createdAt: Date;
  scoredAt: Date | null;
  benchmark: { slug: string; version: string };
  /** Mean over runs, overall (at most one row). */
  scores: ScoreValues[];
};

export function summarizeSubmission(s: SummaryRow) {
  const score = s.scores[0];
  return {
    id: s.id,
    model: s.model,
    benchmark: benchmarkKey(s.benchmark),
    reasoning_effort: s.reasoningEffort,
    harness: s.harness,
    review_reason: s.reviewReason,
    created_at: s.createdAt.toISOString(),
    scored_at: s.scoredAt?.toISOString() ?? null,
    scores: (score ? storedScoreOf(score) : null) as StoredScore | null,
  };
}
