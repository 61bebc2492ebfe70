"use client";

import { useId, useState } from "react";
import { callApi } from "@/lib/api-client";
import { judgeTrialsRoutes } from "@/lib/contracts/judge-trials-routes";
import { ActionButton } from "@/components/ui/action-button";
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
        void submit(
          () => callApi(judgeTrialsRoutes.postAdminJudgeTrials, { body: { benchmark, model: model.trim() } }),
          () => "Trial queued.",
        );
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

/** Switches new scoring to a trial's candidate after a confirmation (admins; audit-logged). */
export function SwitchJudgeButton({ trial, from, to }: { trial: string; from: string; to: string }) {
  return (
    <ActionButton
      action={() => callApi(judgeTrialsRoutes.postAdminJudgeTrialsIdSwitch, { params: { id: trial } })}
      confirm={`Switch new scoring from ${from} to ${to}? Scores already stored keep their judge; the switch is audit-logged.`}
      failure="The judge could not be switched."
      className="button"
      busyChildren="Switching…"
    >
      Switch to this judge
    </ActionButton>
  );
}
