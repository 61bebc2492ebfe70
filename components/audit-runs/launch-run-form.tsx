"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { ApiError, callApi } from "@/lib/api-client";
import { ErrorMessage } from "@/components/ui/error-message";
import { LabelledField, LabelledInput, SubmitButton } from "@/components/ui/form-field";
import type { ActionError } from "@/components/account/use-api-action";
import styles from "@/components/ui/forms.module.css";
import { SelectOptions } from "@/components/ui/select-options";
import { HARNESSES, HARNESS_LABELS } from "@/lib/contracts/harnesses";
import { auditRunsRoutes } from "@/lib/contracts/audit-runs-routes";

type Options = {
  baseUrls: string[];
  benchmarks: {
    key: string;
    name: string;
    repositories: { name: string; language: string; passes: number | null }[];
  }[];
};
type Repository = Options["benchmarks"][number]["repositories"][number];
type Harness = (typeof HARNESSES)[number];

const EFFORTS = ["", "minimal", "low", "medium", "high"] as const;

// The run stops at the first limit spent; the fields stay text until sent, so an empty one means "no limit".
const BUDGET_FIELDS = [
  { key: "usd", label: "USD", min: "0", step: "any" },
  { key: "tokens", label: "Tokens", min: "1", step: "1" },
  { key: "wall_minutes", label: "Wall minutes", min: "0", step: "any" },
] as const;
type Budget = Record<(typeof BUDGET_FIELDS)[number]["key"], string>;

type Settings = {
  benchmark: string;
  model: string;
  effort: string;
  harness: Harness;
  baseUrl: string;
  repos: string[];
  budget: Budget;
};

function optionalNumber(value: string): number | undefined {
  const n = Number(value);
  return value.trim() === "" || !Number.isFinite(n) ? undefined : n;
}

/** The API's request for the form's settings: what is left empty is left out, so the server's defaults apply. */
function runRequest(s: Settings) {
  return {
    benchmark: s.benchmark,
    model: s.model,
    harness: s.harness,
    reasoning_effort: s.effort || undefined,
    base_url: s.baseUrl || undefined,
    repos: s.repos.length ? s.repos : undefined,
    budget: {
      usd: optionalNumber(s.budget.usd),
      tokens: optionalNumber(s.budget.tokens),
      wall_minutes: optionalNumber(s.budget.wall_minutes),
    },
  };
}

/** Posts the run, then opens its page; `busy` stays on while the page opens, and a failure leaves the form to retry. */
function useLaunchRun() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ActionError>();
  async function launch(settings: Settings) {
    setBusy(true);
    setError(undefined);
    try {
      const created = await callApi(auditRunsRoutes.postAdminRuns, { body: runRequest(settings) });
      router.push(`/admin/runs/${created.id}`);
    } catch (e) {
      setError(
        e instanceof ApiError
          ? { message: e.message, issues: e.issues }
          : { message: "The run could not be launched.", issues: [] },
      );
      setBusy(false);
    }
  }
  return { busy, error, launch };
}

/** Launches an in-house run: benchmark version, model, harness, repositories and budget; then opens the run's page. */
export function LaunchRunForm({ options }: { options: Options }) {
  const id = useId();
  const [settings, setSettings] = useState<Settings>({
    benchmark: options.benchmarks[0]?.key ?? "",
    model: "",
    effort: "",
    harness: "probe-passes",
    baseUrl: "",
    repos: [],
    budget: { usd: "", tokens: "", wall_minutes: "" },
  });
  const update = (patch: Partial<Settings>) => setSettings((s) => ({ ...s, ...patch }));
  const { busy, error, launch } = useLaunchRun();
  const repositories = options.benchmarks.find((b) => b.key === settings.benchmark)?.repositories ?? [];

  return (
    <form
      className={`card ${styles.form} ${styles.wide}`}
      onSubmit={(e) => {
        e.preventDefault();
        void launch(settings);
      }}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>Launch a run</h2>
      <ModelFields options={options} settings={settings} onChange={update} />
      <HarnessChoice name={`${id}-harness`} value={settings.harness} onChange={(harness) => update({ harness })} />
      <RepositoryChoice
        repositories={repositories}
        harness={settings.harness}
        selected={settings.repos}
        onChange={(repos) => update({ repos })}
      />
      <BudgetFields value={settings.budget} onChange={(budget) => update({ budget })} />
      {error && <ErrorMessage message={error.message} issues={error.issues} />}
      <div className={styles.actions}>
        <SubmitButton disabled={busy || !settings.benchmark}>{busy ? "Launching…" : "Launch run"}</SubmitButton>
      </div>
    </form>
  );
}

/** What runs: the benchmark version (choosing another clears the repositories ticked), model, effort and endpoint. */
function ModelFields({
  options,
  settings,
  onChange,
}: {
  options: Options;
  settings: Settings;
  onChange: (patch: Partial<Settings>) => void;
}) {
  return (
    <div className={styles.grid2}>
      <LabelledField label="Benchmark version">
        <select
          className={styles.select}
          value={settings.benchmark}
          onChange={(e) => onChange({ benchmark: e.target.value, repos: [] })}
          required
        >
          {options.benchmarks.map((b) => (
            <option key={b.key} value={b.key}>
              {b.key} ({b.name})
            </option>
          ))}
        </select>
      </LabelledField>
      <LabelledInput
        label="Model"
        value={settings.model}
        onChange={(e) => onChange({ model: e.target.value })}
        required
        maxLength={200}
        placeholder="e.g. gpt-5"
      />
      <LabelledField label="Reasoning effort">
        <select
          className={styles.select}
          value={settings.effort}
          onChange={(e) => onChange({ effort: e.target.value })}
        >
          {EFFORTS.map((e) => (
            <option key={e} value={e}>
              {e || "model default"}
            </option>
          ))}
        </select>
      </LabelledField>
      <LabelledField label="Endpoint">
        <select
          className={styles.select}
          value={settings.baseUrl}
          onChange={(e) => onChange({ baseUrl: e.target.value })}
        >
          <SelectOptions anyLabel="configured default" values={options.baseUrls} />
        </select>
      </LabelledField>
    </div>
  );
}

/** The harness as radio buttons, each with what it does. */
function HarnessChoice({ name, value, onChange }: { name: string; value: Harness; onChange: (h: Harness) => void }) {
  return (
    <fieldset className={styles.field}>
      <legend className={styles.label}>Harness</legend>
      {HARNESSES.map((h) => (
        <label key={h}>
          <input type="radio" name={name} value={h} checked={value === h} onChange={() => onChange(h)} />{" "}
          <code>{h}</code>: {HARNESS_LABELS[h]}
        </label>
      ))}
    </fieldset>
  );
}

/** The repositories to run on (none ticked: every one with a snapshot), each with how many sessions it will take. */
function RepositoryChoice({
  repositories,
  harness,
  selected,
  onChange,
}: {
  repositories: Repository[];
  harness: Harness;
  selected: string[];
  onChange: (repos: string[]) => void;
}) {
  return (
    <fieldset className={styles.field}>
      <legend className={styles.label}>Repositories (none ticked: all {repositories.length} with a snapshot)</legend>
      {repositories.map((r) => (
        <label key={r.name}>
          <input
            type="checkbox"
            checked={selected.includes(r.name)}
            onChange={(e) => onChange(e.target.checked ? [...selected, r.name] : selected.filter((n) => n !== r.name))}
          />{" "}
          {r.name}{" "}
          <span className="muted">
            ({r.language}
            {harness === "vanilla" ? ", 1 session" : r.passes === null ? ", no plan" : `, ${r.passes} passes`})
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** The run's limits in money, tokens and time; each may stay empty. */
function BudgetFields({ value, onChange }: { value: Budget; onChange: (budget: Budget) => void }) {
  return (
    <fieldset className={styles.field}>
      <legend className={styles.label}>
        Budget (the run stops when any is spent, keeping finished passes; empty = no limit)
      </legend>
      <div className={styles.grid2}>
        {BUDGET_FIELDS.map((f) => (
          <LabelledInput
            key={f.key}
            label={f.label}
            quiet
            type="number"
            min={f.min}
            step={f.step}
            value={value[f.key]}
            onChange={(e) => onChange({ ...value, [f.key]: e.target.value })}
          />
        ))}
      </div>
    </fieldset>
  );
}
