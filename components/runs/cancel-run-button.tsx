"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ApiError, callApi } from "@/lib/api-client";
import styles from "@/components/account/ui.module.css";

/** Cancels a queued or running run after a confirmation; running passes stop at their next turn. */
export function CancelRunButton({ id }: { id: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function cancel() {
    if (!window.confirm("Cancel this run? Running passes stop at their next turn and the run makes no submission.")) return;
    setBusy(true);
    setError(undefined);
    try {
      await callApi(`/api/v1/admin/runs/${encodeURIComponent(id)}/cancel`, { method: "POST" });
      router.refresh();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : "The run could not be cancelled.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.actions}>
      <button type="button" className={`${styles.button} ${styles.danger}`} disabled={busy} onClick={() => void cancel()}>
        {busy ? "Cancelling…" : "Cancel run"}
      </button>
      {error && (
        <span role="alert" className={styles.hint} style={{ color: "var(--bad)" }}>
          {error}
        </span>
      )}
    </div>
  );
}
