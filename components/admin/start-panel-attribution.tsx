"use client";

import { useState } from "react";
import { ActionError, useApiAction } from "@/components/ui/action-button";
import styles from "@/components/ui/forms.module.css";
import { callApi } from "@/lib/api-client";
import { panelRoutes } from "@/lib/contracts/panel-routes";

/** Admins start (or rerun) panel validation with a sample size and seed, or bug-type attribution; the page then follows progress. */
export function StartPanelAttribution({
  id,
  kind,
  again,
  defaultSampleSize,
  disabledReason,
}: {
  id: string;
  kind: "panel" | "attribution";
  again: boolean;
  defaultSampleSize?: number;
  disabledReason?: string | null;
}) {
  const { busy, error, run } = useApiAction("The request failed.");
  const [sampleSize, setSampleSize] = useState(String(defaultSampleSize ?? 100));
  const [seed, setSeed] = useState("");
  // Table 14: the paper samples the first run of a configuration's repeats; every run is an explicit choice.
  const [runs, setRuns] = useState<"first" | "all">("first");
  const label =
    kind === "panel"
      ? again
        ? "Run the panel again"
        : "Start panel validation"
      : again
        ? "Attribute bug types again"
        : "Start bug-type attribution";

  async function start(event: React.FormEvent) {
    event.preventDefault();
    await run(() =>
      kind === "panel"
        ? callApi(panelRoutes.postAdminSubmissionsIdPanel, {
            params: { id },
            body: { sample_size: Number(sampleSize), runs, ...(seed.trim() ? { seed: seed.trim() } : {}) },
          })
        : callApi(panelRoutes.postAdminSubmissionsIdAttribution, { params: { id }, body: {} }),
    );
  }

  return (
    <form className={styles.actions} onSubmit={(e) => void start(e)} aria-label={label}>
      {kind === "panel" && (
        <>
          <label className={styles.label}>
            Runs{" "}
            <select
              className={styles.input}
              value={runs}
              onChange={(e) => setRuns(e.target.value === "all" ? "all" : "first")}
            >
              <option value="first">The first run (as the paper)</option>
              <option value="all">Every run</option>
            </select>
          </label>
          <label className={styles.label}>
            {runs === "first" ? "Findings sampled" : "Findings per run"}{" "}
            <input
              className={styles.input}
              type="number"
              min={1}
              max={1000}
              required
              value={sampleSize}
              onChange={(e) => setSampleSize(e.target.value)}
              style={{ width: "6rem" }}
            />
          </label>
          <label className={styles.label}>
            Seed (optional){" "}
            <input
              className={styles.input}
              type="text"
              maxLength={100}
              value={seed}
              onChange={(e) => setSeed(e.target.value)}
              placeholder="random"
              style={{ width: "9rem" }}
            />
          </label>
        </>
      )}
      <button
        type="submit"
        className={`${styles.button} ${styles.primary} ${styles.small}`}
        disabled={busy || Boolean(disabledReason)}
      >
        {busy ? "Starting…" : label}
      </button>
      {disabledReason && <span className={styles.hint}>{disabledReason}</span>}
      <ActionError error={error} />
    </form>
  );
}
