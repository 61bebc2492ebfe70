"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ApiError, callApi } from "@/lib/api-client";
import styles from "@/components/ui/forms.module.css";
import { adminRoutes } from "@/lib/contracts/admin-routes";

/** Approve or reject one submission; a rejection needs a reason, which the submitter will read. */
export function ReviewActions({
  id,
  model,
  canApprove,
  canReject,
}: {
  id: string;
  model: string;
  canApprove: boolean;
  canReject: boolean;
}) {
  const router = useRouter();
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function decide(decision: "approve" | "reject") {
    setBusy(true);
    setError(undefined);
    try {
      await callApi(adminRoutes.postAdminSubmissionsIdReview, {
        params: { id },
        body: { decision, reason: reason.trim() || undefined },
      });
      router.refresh();
    } catch (e) {
      setError(
        e instanceof ApiError
          ? e.message + (e.issues.length ? `: ${e.issues.map((i) => `${i.path} ${i.message}`).join("; ")}` : "")
          : "The request failed.",
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.field} style={{ minWidth: 260 }}>
      <textarea
        className={styles.textarea}
        placeholder="Reason (required to reject; shown to the submitter)"
        aria-label={`Reason for ${model}`}
        value={reason}
        maxLength={2000}
        onChange={(e) => setReason(e.target.value)}
      />
      <div className={styles.actions}>
        {canApprove && (
          <button
            type="button"
            className={`${styles.button} ${styles.primary} ${styles.small}`}
            disabled={busy}
            onClick={() => void decide("approve")}
          >
            Approve
          </button>
        )}
        {canReject && (
          <button
            type="button"
            className={`${styles.button} ${styles.danger} ${styles.small}`}
            disabled={busy || !reason.trim()}
            onClick={() => void decide("reject")}
          >
            Reject
          </button>
        )}
      </div>
      {error && (
        <span role="alert" className={styles.hint} style={{ color: "var(--bad)" }}>
          {error}
        </span>
      )}
    </div>
  );
}
