"use client";

import { useRouter } from "next/navigation";
import { useId, useMemo, useState } from "react";
import { ApiError, callApi, type ApiIssue } from "@/lib/api-client";
import { ErrorMessage } from "@/components/account/error-message";
import styles from "@/components/account/ui.module.css";
import { HARNESSES, HARNESS_LABELS } from "@/lib/agent/harness-names";

type Options = {
  baseUrls: string[];
  benchmarks: {
    key: string;
    name: string;
    repositories: { name: string; language: string; passes: number | null }[];
  }[];
};

const EFFORTS = ["", "minimal", "low", "medium", "high"] as const;

function optionalNumber(value: string): number | undefined {
  const n = Number(value);
  return value.trim() === "" || !Number.isFinite(n) ? undefined : n;
}

/** Launches an in-house run: benchmark version, model, harness, repositories and budget; then opens the run's page. */
export function LaunchRunForm({ options }: { options: Options }) {
  const router = useRouter();
  const id = useId();
  const [benchmark, setBenchmark] = useState(options.benchmarks[0]?.key ?? "");
  const [model, setModel] = useState("");
  const [effort, setEffort] = useState("");
  const [harness, setHarness] = useState<(typeof HARNESSES)[number]>("probe-passes");
  const [baseUrl, setBaseUrl] = useState("");
  const [selected, setSelected] = useState<string[]>([]);
  const [usdBudget, setUsdBudget] = useState("");
  const [tokenBudget, setTokenBudget] = useState("");
  const [minutes, setMinutes] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; issues: ApiIssue[] }>();
  const repositories = useMemo(
    () => options.benchmarks.find((b) => b.key === benchmark)?.repositories ?? [],
    [benchmark, options.benchmarks],
  );

  async function launch(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const budget = {
        usd: optionalNumber(usdBudget),
        tokens: optionalNumber(tokenBudget),
        wall_minutes: optionalNumber(minutes),
      };
      const created = await callApi<{ id: string }>("/api/v1/admin/runs", {
        method: "POST",
        body: {
          benchmark,
          model,
          harness,
          reasoning_effort: effort || undefined,
          base_url: baseUrl || undefined,
          repos: selected.length ? selected : undefined,
          budget,
        },
      });
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

  return (
    <form
      className={`card ${styles.form} ${styles.wide}`}
      onSubmit={(e) => void launch(e)}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>Launch a run</h2>
      <div className={styles.grid2}>
        <label className={styles.field}>
          <span className={styles.label}>Benchmark version</span>
          <select
            className={styles.select}
            value={benchmark}
            onChange={(e) => {
              setBenchmark(e.target.value);
              setSelected([]);
            }}
            required
          >
            {options.benchmarks.map((b) => (
              <option key={b.key} value={b.key}>
                {b.key} ({b.name})
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span className={styles.label}>Model</span>
          <input
            className={styles.input}
            value={model}
            onChange={(e) => setModel(e.target.value)}
            required
            maxLength={200}
            placeholder="e.g. gpt-5"
          />
        </label>
        <label className={styles.field}>
          <span className={styles.label}>Reasoning effort</span>
          <select className={styles.select} value={effort} onChange={(e) => setEffort(e.target.value)}>
            {EFFORTS.map((e) => (
              <option key={e} value={e}>
                {e || "model default"}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span className={styles.label}>Endpoint</span>
          <select className={styles.select} value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)}>
            <option value="">configured default</option>
            {options.baseUrls.map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </select>
        </label>
      </div>
      <fieldset className={styles.field}>
        <legend className={styles.label}>Harness</legend>
        {HARNESSES.map((h) => (
          <label key={h}>
            <input
              type="radio"
              name={`${id}-harness`}
              value={h}
              checked={harness === h}
              onChange={() => setHarness(h)}
            />{" "}
            <code>{h}</code>: {HARNESS_LABELS[h]}
          </label>
        ))}
      </fieldset>
      <fieldset className={styles.field}>
        <legend className={styles.label}>Repositories (none ticked: all {repositories.length} with a snapshot)</legend>
        {repositories.map((r) => (
          <label key={r.name}>
            <input
              type="checkbox"
              checked={selected.includes(r.name)}
              onChange={(e) =>
                setSelected(e.target.checked ? [...selected, r.name] : selected.filter((n) => n !== r.name))
              }
            />{" "}
            {r.name}{" "}
            <span className="muted">
              ({r.language}
              {harness === "vanilla" ? ", 1 session" : r.passes === null ? ", no plan" : `, ${r.passes} passes`})
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className={styles.field}>
        <legend className={styles.label}>
          Budget (the run stops when any is spent, keeping finished passes; empty = no limit)
        </legend>
        <div className={styles.grid2}>
          <label className={styles.field}>
            <span className={styles.hint}>USD</span>
            <input
              className={styles.input}
              type="number"
              min="0"
              step="any"
              value={usdBudget}
              onChange={(e) => setUsdBudget(e.target.value)}
            />
          </label>
          <label className={styles.field}>
            <span className={styles.hint}>Tokens</span>
            <input
              className={styles.input}
              type="number"
              min="1"
              step="1"
              value={tokenBudget}
              onChange={(e) => setTokenBudget(e.target.value)}
            />
          </label>
          <label className={styles.field}>
            <span className={styles.hint}>Wall minutes</span>
            <input
              className={styles.input}
              type="number"
              min="0"
              step="any"
              value={minutes}
              onChange={(e) => setMinutes(e.target.value)}
            />
          </label>
        </div>
      </fieldset>
      {error && <ErrorMessage message={error.message} issues={error.issues} />}
      <div className={styles.actions}>
        <button type="submit" className={`${styles.button} ${styles.primary}`} disabled={busy || !benchmark}>
          {busy ? "Launching…" : "Launch run"}
        </button>
      </div>
    </form>
  );
}
