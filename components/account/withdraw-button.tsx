"use client";

import { ActionButton } from "@/components/ui/action-button";
import styles from "@/components/ui/forms.module.css";

export function WithdrawButton({ id, model }: { id: string; model: string }) {
  return (
    <ActionButton
      url={`/api/v1/submissions/${encodeURIComponent(id)}/withdraw`}
      body={{}}
      confirm={`Withdraw the submission "${model}"? It will never be published; this cannot be undone.`}
      failure="Withdrawing failed."
      className={`${styles.button} ${styles.small} ${styles.danger}`}
      inline
    >
      Withdraw
    </ActionButton>
  );
}
