"use client";

import { useId } from "react";
import type { FieldIssue } from "@/lib/errors";
import type { MetadataForm } from "@/lib/validation/findings-upload";
import { HintedInput } from "@/components/ui/form-field";
import styles from "@/components/ui/forms.module.css";

const EFFORTS = ["minimal", "low", "medium", "high", "xhigh"];

/** The submission's metadata: prefilled from the file, and what the form says is what gets published. */
export function MetadataFields({
  value,
  onChange,
  issues,
}: {
  value: MetadataForm;
  onChange: (v: MetadataForm) => void;
  issues: FieldIssue[];
}) {
  const id = useId();
  const problem = (key: keyof MetadataForm) => issues.find((i) => i.path === key)?.message;
  // The label names the field; the hint (or the problem) describes it, so screen readers and tests find "Model".
  const text = (
    key: keyof MetadataForm,
    label: string,
    hint: string,
    props: React.InputHTMLAttributes<HTMLInputElement> = {},
  ) => (
    <HintedInput
      id={`${id}-${key}`}
      label={label}
      hint={problem(key) ? <strong style={{ color: "var(--bad)" }}>{problem(key)}</strong> : hint}
      invalid={Boolean(problem(key))}
      name={key}
      value={value[key]}
      onChange={(e) => onChange({ ...value, [key]: e.target.value })}
      {...props}
    />
  );
  return (
    <fieldset className={styles.grid2} style={{ border: 0, padding: 0, margin: 0 }}>
      <legend className={styles.label} style={{ marginBottom: 8 }}>
        About this configuration
      </legend>
      {text("model", "Model", "Required. As it should appear on the leaderboard.", { required: true, maxLength: 200 })}
      {text("reasoning_effort", "Reasoning effort", "e.g. low, medium, high", {
        list: "effort-options",
        maxLength: 200,
      })}
      <datalist id="effort-options">
        {EFFORTS.map((e) => (
          <option key={e} value={e} />
        ))}
      </datalist>
      {text("harness", "Harness", "The agent or scaffold that ran the model.", { maxLength: 200 })}
      {text("cost_usd", "Cost (USD)", "Total cost of the run(s), if known.", { inputMode: "decimal" })}
      {text("report_url", "Report or paper URL", "Where the configuration is described.", {
        type: "url",
        maxLength: 2000,
      })}
      {text("organisation", "Organisation", "The organisation that made the model, e.g. Meta.", { maxLength: 100 })}
      {text("model_licence", "Model licence", "The licence of its weights: apache-2.0, MIT, llama3.1, proprietary.", {
        maxLength: 64,
        autoCapitalize: "none",
        spellCheck: false,
      })}
      {text("parameter_count", "Parameters", "The model's size: 70B, 1.5T or 70000000000.", {
        autoCapitalize: "none",
        spellCheck: false,
      })}
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-open_model`}>
          Model weights
        </label>
        <select
          id={`${id}-open_model`}
          className={styles.select}
          name="open_model"
          value={value.open_model}
          onChange={(e) => onChange({ ...value, open_model: e.target.value as MetadataForm["open_model"] })}
        >
          <option value="">Not specified</option>
          <option value="open">Open (weights available)</option>
          <option value="closed">Closed</option>
        </select>
        <span className={styles.hint}>Shown as a leaderboard filter.</span>
      </div>
    </fieldset>
  );
}
