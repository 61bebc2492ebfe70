"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { ApiError, callApi } from "@/lib/api-client";
import { ratioText } from "@/lib/format";
import type { StoredScore } from "@/lib/scoring/types";

// The maintainer's decision on a pair (docs/workbench.md): "Match" / "Not a match" with a required reason, or withdrawing an
// earlier override; then the rescoring of this submission followed to the end, with the score before and after.

type Overall = StoredScore;
type Status = {
  status: string;
  progress: number;
  error?: string;
  scores?: { overall: Overall };
  scoring?: { maintainer_decided_matches?: number };
};
type Props = {
  submissionId: string;
  findingId: string;
  referenceBugId: string;
  run: number;
  override: { id: string; decision: "match" | "no_match" } | null;
  before: Overall | null;
};

export function OverrideForm({ submissionId, findingId, referenceBugId, run, override, before }: Props) {
  const router = useRouter();
  const reasonId = useId();
  const errorId = useId();
  // The score when the page loaded: the page refreshes after the rescore, and "before" must stay the old one.
  const [initial] = useState(before);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [rescoring, setRescoring] = useState<{ count: number; status?: Status } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const follow = (count: number) => {
    const poll = async () => {
      try {
        const status = await callApi<Status>(`/api/v1/submissions/${submissionId}`);
        setRescoring({ count, status });
        if (status.status === "scored" || status.status === "failed" || status.status === "awaiting_approval") {
          router.refresh();
          return;
        }
      } catch {
        /* a blip while polling: try again */
      }
      timer.current = setTimeout(poll, 1_000);
    };
    void poll();
  };

  const decide = async (decision: "match" | "no_match") => {
    if (!reason.trim()) {
      setError("Give a reason: say why the judge's decision was wrong (it is kept in the audit log).");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const created = await callApi<{ rescoring: { submissions: string[] } }>("/api/v1/overrides", {
        method: "POST",
        body: {
          submission_id: submissionId,
          finding_id: findingId,
          reference_bug_id: referenceBugId,
          decision,
          reason: reason.trim(),
          run,
        },
      });
      setRescoring({ count: created.rescoring.submissions.length });
      follow(created.rescoring.submissions.length);
    } catch (e) {
      setError(
        e instanceof ApiError
          ? [e.message, ...e.issues.map((i) => `${i.path}: ${i.message}`)].join(" ")
          : "The override could not be saved.",
      );
    } finally {
      setBusy(false);
    }
  };

  const withdraw = async () => {
    if (!override) return;
    setBusy(true);
    setError(null);
    try {
      const done = await callApi<{ rescoring: { submissions: string[] } }>(`/api/v1/overrides/${override.id}`, {
        method: "DELETE",
      });
      setRescoring({ count: done.rescoring.submissions.length });
      follow(done.rescoring.submissions.length);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : "The override could not be withdrawn.");
    } finally {
      setBusy(false);
    }
  };

  const status = rescoring?.status;
  const after = status?.status === "scored" ? status.scores?.overall : undefined;
  return (
    <section className="card" aria-labelledby="override-heading">
      <h2 id="override-heading">Maintainer decision</h2>
      <p className="muted small">
        An override decides this finding text against this reference bug in every submission that holds them; those
        submissions are rescored, and the judge is not asked about the pair again. It is recorded in the audit log.
      </p>
      {override && (
        <p>
          Current override: <strong>{override.decision === "match" ? "Match" : "Not a match"}</strong>{" "}
          <button type="button" className="link" onClick={withdraw} disabled={busy}>
            Withdraw override
          </button>
        </p>
      )}
      <div className="field">
        <label htmlFor={reasonId}>Reason (required)</label>
        <textarea
          id={reasonId}
          value={reason}
          maxLength={2000}
          rows={3}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      </div>
      <div className="actions">
        <button type="button" onClick={() => decide("match")} disabled={busy}>
          Match
        </button>
        <button type="button" onClick={() => decide("no_match")} disabled={busy}>
          Not a match
        </button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="error-text">
          {error}
        </p>
      )}
      <div aria-live="polite" className="rescoring">
        {rescoring && !after && (
          <p>
            Rescoring {rescoring.count} submission{rescoring.count === 1 ? "" : "s"}…{" "}
            {status
              ? `this one is ${status.status}${status.status === "scoring" ? ` (${status.progress}%)` : ""}`
              : "queued"}
            {status?.status === "scoring" && (
              <progress max={100} value={status.progress} aria-label="Rescoring progress" />
            )}
            {status?.status === "failed" && (
              <span className="error-text"> Rescoring failed: {status.error ?? "see the submission page"}</span>
            )}
          </p>
        )}
        {after && (
          <p data-testid="rescored">
            Rescored. Precision {initial ? `${ratioText(initial, "precision", { sign: true })} → ` : ""}
            {ratioText(after, "precision", { sign: true })}, recall{" "}
            {initial ? `${ratioText(initial, "recall", { sign: true })} → ` : ""}
            {ratioText(after, "recall", { sign: true })}, F1{" "}
            {initial ? `${ratioText(initial, "f1", { sign: true })} → ` : ""}
            {ratioText(after, "f1", { sign: true })}; matches decided by a maintainer:{" "}
            {status?.scoring?.maintainer_decided_matches ?? 0}.
          </p>
        )}
      </div>
    </section>
  );
}
