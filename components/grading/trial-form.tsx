"use client";

import { useState } from "react";
import { callApi } from "@/lib/api-client";
import { gradingRoutes } from "@/lib/contracts/grading-routes";
import { ActionButton } from "@/components/ui/action-button";
import { FormInput, PostForm } from "@/components/ui/post-form";

/** Starts a candidate-judge trial: a model name on the configured endpoint (docs/grading.md). */
export function StartTrialForm({ benchmark }: { benchmark: string }) {
  const [model, setModel] = useState("");
  return (
    <PostForm
      failure="The trial could not be started."
      idle="Start the trial"
      save={() => callApi(gradingRoutes.postGradingTrials, { body: { benchmark, model: model.trim() } })}
      done={() => "Trial queued."}
    >
      <FormInput
        label="Candidate judge model (on the configured endpoint)"
        value={model}
        required
        maxLength={120}
        placeholder="e.g. gpt-4.1"
        autoComplete="off"
        onChange={(e) => setModel(e.target.value)}
      />
    </PostForm>
  );
}

/** Switches new scoring to a trial's candidate after a confirmation (admins; audit-logged). */
export function SwitchJudgeButton({ trial, from, to }: { trial: string; from: string; to: string }) {
  return (
    <ActionButton
      action={() => callApi(gradingRoutes.postGradingTrialsIdSwitch, { params: { id: trial } })}
      confirm={`Switch new scoring from ${from} to ${to}? Scores already stored keep their judge; the switch is audit-logged.`}
      failure="The judge could not be switched."
      className="button"
      busyChildren="Switching…"
    >
      Switch to this judge
    </ActionButton>
  );
}
