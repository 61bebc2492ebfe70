"use client";

import { useId, useState } from "react";
import { Status, useSubmit } from "./judgement-forms";

/** Starts a candidate-judge trial: a model name on the configured endpoint (docs/judge-quality.md). */
export function StartTrialForm({ benchmark }: { benchmark: string }) {
  const modelId = useId();
  const [model, setModel] = useState("");
  const { busy, error, done, submit } = useSubmit("The trial could not be started.");
  return (
    <form
      className="card"
      onSubmit={(e) => {
        e.preventDefault();
        if (busy) return;
        void submit("/api/v1/admin/judge-trials", { benchmark, model: model.trim() }, () => "Trial queued.");
      }}
    >
      <div className="field">
        <label htmlFor={modelId}>Candidate judge model (on the configured endpoint)</label>
        <input
          id={modelId}
          value={model}
          required
          maxLength={120}
          placeholder="e.g. gpt-4.1"
          autoComplete="off"
          onChange={(e) => setModel(e.target.value)}
        />
      </div>
      <button type="submit" aria-disabled={busy}>
        {busy ? "Starting…" : "Start the trial"}
      </button>
      <Status error={error} done={done} />
    </form>
  );
}
