"use client";

import { useId, useState } from "react";
import { callApi } from "@/lib/api-client";
import { judgeQualityRoutes } from "@/lib/contracts/judge-quality-routes";
import { Status, useSubmit } from "./judgement-forms";

/**
 * Starts a repeat of a scoring's verdicts (§2.3's repeat agreement, docs/judge-quality.md): a submission, how many of
 * its judged pairs to ask again, an optional seed and a cost ceiling. The answer carries the estimate.
 */
export function StartRepeatForm() {
  const ids = { submission: useId(), size: useId(), seed: useId(), cost: useId() };
  const [submission, setSubmission] = useState("");
  const [size, setSize] = useState(200);
  const [seed, setSeed] = useState("");
  const [maxCost, setMaxCost] = useState("");
  const { busy, error, done, submit } = useSubmit("The repeat could not be started.");
  return (
    <form
      className="card"
      onSubmit={(e) => {
        e.preventDefault();
        if (busy) return;
        const body = {
          submission: submission.trim(),
          size,
          ...(seed.trim() ? { seed: seed.trim() } : {}),
          ...(maxCost.trim() ? { max_cost_usd: Number(maxCost) } : {}),
        };
        void submit(
          () => callApi(judgeQualityRoutes.postJudgeQualityRepeats, { body }),
          (r) =>
            `Repeat of ${r.pairs} pairs queued (seed ${r.seed}; estimated ${r.estimated_cost_usd === null ? "cost unknown: the model has no price" : `$${r.estimated_cost_usd.toFixed(4)}`}).`,
        );
      }}
    >
      <div className="field">
        <label htmlFor={ids.submission}>Submission id (its current scoring&apos;s verdicts are repeated)</label>
        <input
          id={ids.submission}
          value={submission}
          required
          maxLength={64}
          autoComplete="off"
          onChange={(e) => setSubmission(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.size}>Judged pairs to ask again (one call each)</label>
        <input
          id={ids.size}
          type="number"
          min={1}
          max={2000}
          value={size}
          onChange={(e) => setSize(Number(e.target.value))}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.seed}>Seed (optional: the same seed draws the same pairs)</label>
        <input id={ids.seed} value={seed} maxLength={64} onChange={(e) => setSeed(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={ids.cost}>Refuse above this many dollars (optional)</label>
        <input
          id={ids.cost}
          type="number"
          min={0}
          step="0.01"
          value={maxCost}
          onChange={(e) => setMaxCost(e.target.value)}
        />
      </div>
      <button type="submit" aria-disabled={busy}>
        {busy ? "Starting…" : "Repeat the verdicts"}
      </button>
      <Status error={error} done={done} />
    </form>
  );
}
