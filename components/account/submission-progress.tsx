"use client";

import { useEffect, useState } from "react";
import { count, ratioText } from "@/lib/format";
import type { SubmissionStatusBody as SubmissionStatus } from "@/lib/contracts/submissions";
import { ApiError, callApi } from "@/lib/api-client";
import type { ReviewStatus } from "@/lib/generated/prisma/enums";
import { ProgressBar } from "@/components/ui/progress-bar";
import styles from "@/components/ui/forms.module.css";
import { submissionsRoutes } from "@/lib/contracts/submissions-routes";

// What the viewer should know about who can see the result.
const RESULT_LABEL: Record<ReviewStatus, string> = {
  pending: "Private result (visible to you until an admin approves it)",
  approved: "Public result (approved; shown on the leaderboard)",
  rejected: "Result (rejected by an admin; not published)",
  withdrawn: "Result (withdrawn; not published)",
};

const STEPS = ["uploaded", "queued", "scoring", "scored"] as const;
const POLL_MS = 1_000;
/** Statuses that never change by themselves: polling stops there. */
const FINAL = new Set<SubmissionStatus["status"]>(["scored", "failed", "withdrawn"]);

/** Follows a submission through queued -> scoring (with the worker's percentage) -> scored, failed or withdrawn. */
export function SubmissionProgress({
  id,
  initial,
  onFinished,
}: {
  id: string;
  initial?: SubmissionStatus;
  onFinished?: (s: SubmissionStatus) => void;
}) {
  const [status, setStatus] = useState<SubmissionStatus | undefined>(initial);
  const [error, setError] = useState<string>();

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const next = await callApi(submissionsRoutes.getSubmissionsId, { params: { id } });
        if (stopped) return;
        setStatus(next);
        setError(undefined);
        if (FINAL.has(next.status)) {
          onFinished?.(next);
          return;
        }
        timer = setTimeout(poll, POLL_MS);
      } catch (e) {
        if (stopped) return;
        const err = e instanceof ApiError ? e : undefined;
        setError(err?.message ?? "Lost contact with the server; retrying…");
        // A rate limit says when to come back; other errors retry at a slower pace.
        timer = setTimeout(poll, err?.retryAfterSeconds ? err.retryAfterSeconds * 1_000 : POLL_MS * 5);
      }
    };
    if (initial && FINAL.has(initial.status)) return;
    void poll();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
    // One polling loop per submission: `initial` and `onFinished` only matter when it starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [id]);

  const current = status?.status ?? "queued";
  const stoppedAtScoring = current === "failed" || current === "withdrawn";
  const index = stoppedAtScoring || current === "awaiting_approval" ? 2 : STEPS.indexOf(current);
  const progress = current === "scored" ? 100 : current === "scoring" ? (status?.progress ?? 0) : 0;

  return (
    <section aria-live="polite" data-testid="submission-progress" data-status={current}>
      <ol className={styles.steps}>
        {STEPS.map((step, i) => {
          const failedHere = stoppedAtScoring && i === 2;
          const cls = failedHere
            ? styles.stepFailed
            : i < index || (current === "scored" && i === index)
              ? styles.stepDone
              : i === index
                ? styles.stepActive
                : "";
          return (
            <li key={step} className={`${styles.step} ${cls}`}>
              {failedHere ? current : step}
            </li>
          );
        })}
      </ol>
      <div style={{ margin: "12px 0 6px" }}>
        {current === "queued" && "Waiting for a scoring worker…"}
        {current === "scoring" && `Scoring: ${progress}%`}
        {current === "scoring" && status?.note && <span data-testid="scoring-note"> {status.note}</span>}
        {current === "scored" && "Scored."}
        {current === "failed" && "Scoring failed."}
        {current === "withdrawn" &&
          "Withdrawn: you took this submission back before it was scored, so scoring stopped."}
        {current === "awaiting_approval" && "Scoring is waiting for an administrator to approve its judge calls."}
      </div>
      {current === "awaiting_approval" && (
        <div className={styles.alert} role="status">
          {status?.error ?? "The judge-call estimate is above the per-submission budget."} It continues where it stopped
          once approved.
        </div>
      )}
      {(current === "scoring" || current === "scored") && <ProgressBar label="Scoring progress" percent={progress} />}
      {current === "failed" && (
        <div className={styles.alert} role="alert">
          Reason: {status?.error ?? "unknown"}. Your quota is not charged for failed submissions; fix the cause and
          upload again, or contact an administrator if it looks like a problem on our side.
        </div>
      )}
      {current === "scored" && status?.scores && (
        <p data-testid="private-scores">
          {RESULT_LABEL[status.review_status]}: recall{" "}
          <strong>{ratioText(status.scores.overall, "recall", { sign: true })}</strong>, precision{" "}
          <strong>{ratioText(status.scores.overall, "precision", { sign: true })}</strong>, F1{" "}
          <strong>{ratioText(status.scores.overall, "f1", { sign: true })}</strong> (
          {count(status.scores.overall.matched_reference_bugs)} of {count(status.scores.overall.reference_bugs)}{" "}
          reference bugs found, {count(status.scores.overall.findings)} findings
          {status.runs !== undefined && status.runs > 1 ? `; means over ${status.runs} runs` : ""}).
        </p>
      )}
      {error && <p className={styles.hint}>{error}</p>}
    </section>
  );
}
