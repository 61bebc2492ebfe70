"use client";

import { ActionButton } from "@/components/ui/action-button";
import styles from "@/components/ui/forms.module.css";
import { callApi } from "@/lib/api-client";
import { submissionsRoutes } from "@/lib/contracts/submissions-routes";

export function WithdrawButton({ id, model }: { id: string; model: string }) {
  return (
    <ActionButton
      action={() => callApi(submissionsRoutes.postSubmissionsIdWithdraw, { params: { id } })}
      confirm={`Withdraw the submission "${model}"? It will never be published; this cannot be undone.`}
      failure="Withdrawing failed."
      className={`${styles.button} ${styles.small} ${styles.danger}`}
      inline
    >
      Withdraw
    </ActionButton>
  );
}
