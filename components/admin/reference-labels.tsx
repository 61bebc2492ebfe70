"use client";

import { ActionButton } from "@/components/ui/action-button";
import styles from "@/components/ui/forms.module.css";
import { callApi } from "@/lib/api-client";
import { adminRoutes } from "@/lib/contracts/admin-routes";
import type { z } from "zod";
import type { benchmarkVersionListSchema } from "@/lib/contracts/admin";

type ReferenceLabels = z.infer<typeof benchmarkVersionListSchema>["benchmarks"][number]["reference_labels"];

/**
 * A version's reference bugs labelled by the bug-type classifier (the paper's F.7.3: one model and prompt for the
 * reference bugs and every configuration's findings): the configured classifier's run with its progress or error,
 * the other configurations' runs, and the button that starts (or completes) the configured one.
 */
export function ReferenceLabelsCell({
  benchmarkKey,
  referenceBugs,
  labels,
}: {
  benchmarkKey: string;
  referenceBugs: number;
  labels: ReferenceLabels;
}) {
  if (referenceBugs === 0) return <span className="muted">no reference bugs</span>;
  const current = labels.jobs.find((j) => j.configured);
  const others = labels.jobs.filter((j) => !j.configured);
  const inFlight = current?.status === "queued" || current?.status === "running";
  return (
    <div data-testid="reference-labels">
      {labels.unavailable ? (
        <span className="muted small">{labels.unavailable}</span>
      ) : current ? (
        <span className="small">
          <code>{current.model}</code>: {current.labelled} of {current.total} labelled
          {inFlight && ` (${current.status}, ${current.progress}%)`}
          {current.status === "failed" && (
            <span style={{ color: "var(--bad)" }}> (failed: {current.error ?? "no reason recorded"})</span>
          )}
          {current.status === "done" && `, ${current.llm_calls} calls, $${current.cost_usd.toFixed(2)}`}
          {current.automatic ? " (started by a submission's attribution)" : ""}
        </span>
      ) : (
        <span className="muted small">not labelled by the configured classifier yet</span>
      )}
      {others.length > 0 && (
        <span className="muted small">
          <br />
          Other configurations: {others.map((j) => `${j.model} (${j.labelled}/${j.total}, ${j.status})`).join("; ")}
        </span>
      )}
      {!labels.unavailable && !inFlight && (
        <ActionButton
          action={() =>
            callApi(adminRoutes.postAdminBenchmarksKeyReferenceAttribution, {
              params: { key: benchmarkKey },
              body: {},
            })
          }
          failure="The request failed."
          className={`${styles.button} ${styles.small}`}
          ariaLabel={
            current
              ? `Classify again: the reference bugs of ${benchmarkKey}`
              : `Classify reference bugs of ${benchmarkKey}`
          }
        >
          {current ? "Classify again" : "Classify reference bugs"}
        </ActionButton>
      )}
    </div>
  );
}
