"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ApiError, callApi } from "@/lib/api-client";
import styles from "../account/ui.module.css";

/** Approves the judge calls of a submission that stopped above the per-submission budget; scoring then continues. */
export function ApproveSpendButton({ id, model, calls }: { id: string; model: string; calls: number | null }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function approve() {
    setBusy(true);
    setError(undefined);
    try {
      await callApi(`/api/v1/admin/submissions/${encodeURIComponent(id)}/approve-spend`, { method: "POST", body: {} });
      router.refresh();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : "The request failed.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.actions}>
      <button type="button" className={`${styles.button} ${styles.primary} ${styles.small}`} disabled={busy} onClick={() => void approve()} aria-label={`Approve judge calls for ${model}`}>
        Approve {calls === null ? "the" : calls.toLocaleString("en-US")} judge calls
      </button>
      {error && (
        <span role="alert" className={styles.hint} style={{ color: "var(--bad)" }}>
          {error}
        </span>
      )}
    </div>
  );
}
