"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { ApiError, callApi } from "@/lib/api-client";
import { ratioText } from "@/lib/format";
import type { StoredScore } from "@/lib/scoring/types";
import type { SubmissionStatusBody } from "@/lib/contracts/submissions";
import { submissionsRoutes } from "@/lib/contracts/submissions-routes";
import { overridesRoutes } from "@/lib/contracts/overrides-routes";

// The maintainer's decision on a pair (docs/workbench.md): "Match" / "Not a match" with a required reason, or withdrawing an
// earlier override; then the rescoring of this submission followed to the end, with the score before and after.

type Overall = StoredScore;
type Status = SubmissionStatusBody;
type Props = {
  submissionId: string;
  findingId: string;
  referenceBugId: string;
  run: number;
  override: { id: string; decision: "match" | "no_match" } | null;
  before: Overall | null;
};

type Rescoring = { count: number; status?: Status };
// Saving and withdrawing an override both answer with the submissions being rescored.
type RescoringAnswer = { rescoring: { submissions: string[] } };

/**
 * Follows the rescoring an override started: polls this submission each second until it is scored (or failed, or
 * waits for approval), then refreshes the page; polling stops when the form goes away.
 */
function useRescoring(submissionId: string) {
  const router = useRouter();
  const [rescoring, setRescoring] = useState<Rescoring | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const follow = (count: number) => {
    setRescoring({ count });
    const poll = async () => {
      try {
        const status = await callApi(submissionsRoutes.getSubmissionsId, { params: { id: submissionId } });
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
  return { rescoring, follow };
}

/** The maintainer's decision on a pair, or the withdrawal of the current one, then the rescoring it started. */
export function OverrideForm({ submissionId, findingId, referenceBugId, run, override, before }: Props) {
  const reasonId = useId();
  const errorId = useId();
  // The score when the page loaded: the page refreshes after the rescore, and "before" must stay the old one.
  const [initial] = useState(before);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { rescoring, follow } = useRescoring(submissionId);

  // Saving and withdrawing both answer with the submissions being rescored, and fail with a message of their own.
  const send = async (request: () => Promise<RescoringAnswer>, failure: (e: unknown) => string) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await request();
      follow(answer.rescoring.submissions.length);
    } catch (e) {
      setError(failure(e));
    } finally {
      setBusy(false);
    }
  };

  const decide = async (decision: "match" | "no_match") => {
    if (!reason.trim()) {
      setError("Give a reason: say why the judge's decision was wrong (it is kept in the audit log).");
      return;
    }
    await send(
      () =>
        callApi(overridesRoutes.postOverrides, {
          body: {
            submission_id: submissionId,
            finding_id: findingId,
            reference_bug_id: referenceBugId,
            decision,
            reason: reason.trim(),
            run,
          },
        }),
      (e) =>
        e instanceof ApiError
          ? [e.message, ...e.issues.map((i) => `${i.path}: ${i.message}`)].join(" ")
          : "The override could not be saved.",
    );
  };

  const withdraw = async () => {
    if (!override) return;
    await send(
      () => callApi(overridesRoutes.deleteOverridesId, { params: { id: override.id } }),
      (e) => (e instanceof ApiError ? e.message : "The override could not be withdrawn."),
    );
  };

  return (
    <section className="card" aria-labelledby="override-heading">
      <h2 id="override-heading">Maintainer decision</h2>
      <p className="muted small">
        An override decides this finding text against this reference bug in every submission that holds them; those
        submissions are rescored, and the judge is not asked about the pair again. It is recorded in the audit log.
      </p>
      {override && <CurrentOverride decision={override.decision} busy={busy} onWithdraw={withdraw} />}
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
        {rescoring && <RescoringProgress rescoring={rescoring} before={initial} />}
      </div>
    </section>
  );
}

/** The override in force on this pair, which the maintainer can withdraw (the judge's decision then applies again). */
function CurrentOverride({
  decision,
  busy,
  onWithdraw,
}: {
  decision: "match" | "no_match";
  busy: boolean;
  onWithdraw: () => void;
}) {
  return (
    <p>
      Current override: <strong>{decision === "match" ? "Match" : "Not a match"}</strong>{" "}
      <button type="button" className="link" onClick={onWithdraw} disabled={busy}>
        Withdraw override
      </button>
    </p>
  );
}

/** How far the rescoring is; once this submission is scored, its precision, recall and F1 before and after. */
function RescoringProgress({ rescoring, before }: { rescoring: Rescoring; before: Overall | null }) {
  const { status } = rescoring;
  const after = status?.status === "scored" ? status.scores?.overall : undefined;
  if (!after) {
    return (
      <p>
        Rescoring {rescoring.count} submission{rescoring.count === 1 ? "" : "s"}…{" "}
        {status
          ? `this one is ${status.status}${status.status === "scoring" ? ` (${status.progress}%)` : ""}`
          : "queued"}
        {status?.status === "scoring" && <progress max={100} value={status.progress} aria-label="Rescoring progress" />}
        {status?.status === "failed" && (
          <span className="error-text"> Rescoring failed: {status.error ?? "see the submission page"}</span>
        )}
      </p>
    );
  }
  const change = (metric: "precision" | "recall" | "f1") =>
    `${before ? `${ratioText(before, metric, { sign: true })} → ` : ""}${ratioText(after, metric, { sign: true })}`;
  return (
    <p data-testid="rescored">
      Rescored. Precision {change("precision")}, recall {change("recall")}, F1 {change("f1")}; matches decided by a
      maintainer: {status?.scoring?.maintainer_decided_matches ?? 0}.
    </p>
  );
}
