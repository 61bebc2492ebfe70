"use client";

import { useState } from "react";
import { callApi } from "@/lib/api-client";
import { gradingRoutes } from "@/lib/contracts/grading-routes";
import { FormInput, PostForm } from "@/components/ui/post-form";

/**
 * Starts a repeat of a scoring's verdicts (§2.3's repeat agreement, docs/grading.md): a submission, how many of
 * its judged pairs to ask again, an optional seed and a cost ceiling. The answer carries the estimate.
 */
export function StartRepeatForm() {
  const [submission, setSubmission] = useState("");
  const [size, setSize] = useState(200);
  const [seed, setSeed] = useState("");
  const [maxCost, setMaxCost] = useState("");
  const body = () => ({
    submission: submission.trim(),
    size,
    ...(seed.trim() ? { seed: seed.trim() } : {}),
    ...(maxCost.trim() ? { max_cost_usd: Number(maxCost) } : {}),
  });
  return (
    <PostForm
      failure="The repeat could not be started."
      idle="Repeat the verdicts"
      save={() => callApi(gradingRoutes.postGradingRepeats, { body: body() })}
      done={(r) =>
        `Repeat of ${r.pairs} pairs queued (seed ${r.seed}; estimated ${r.estimated_cost_usd === null ? "cost unknown: the model has no price" : `$${r.estimated_cost_usd.toFixed(4)}`}).`
      }
    >
      <FormInput
        label="Submission id (its current scoring's verdicts are repeated)"
        value={submission}
        required
        maxLength={64}
        autoComplete="off"
        onChange={(e) => setSubmission(e.target.value)}
      />
      <FormInput
        label="Judged pairs to ask again (one call each)"
        type="number"
        min={1}
        max={2000}
        value={size}
        onChange={(e) => setSize(Number(e.target.value))}
      />
      <FormInput
        label="Seed (optional: the same seed draws the same pairs)"
        value={seed}
        maxLength={64}
        onChange={(e) => setSeed(e.target.value)}
      />
      <FormInput
        label="Refuse above this many dollars (optional)"
        type="number"
        min={0}
        step="0.01"
        value={maxCost}
        onChange={(e) => setMaxCost(e.target.value)}
      />
    </PostForm>
  );
}
