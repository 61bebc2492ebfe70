"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ApiError, callApi } from "@/lib/api-client";
import styles from "./ui.module.css";

export function WithdrawButton({ id, model }: { id: string; model: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  async function withdraw() {
    if (!window.confirm(`Withdraw the submission "${model}"? It will never be published; this cannot be undone.`)) return;
    setBusy(true);
    setError(undefined);
    try {
      await callApi(`/api/v1/submissions/${encodeURIComponent(id)}/withdraw`, { method: "POST", body: {} });
      router.refresh();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : "Withdrawing failed.");
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <button type="button" className={`${styles.button} ${styles.small} ${styles.danger}`} disabled={busy} onClick={() => void withdraw()}>
        Withdraw
      </button>
      {error && (
        <span role="alert" className={styles.hint} style={{ color: "var(--bad)" }}>
          {" "}
          {error}
        </span>
      )}
    </>
  );
}
