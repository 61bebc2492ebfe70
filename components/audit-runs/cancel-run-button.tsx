"use client";

import { ActionButton } from "@/components/ui/action-button";
import styles from "@/components/ui/forms.module.css";
import { callApi } from "@/lib/api-client";
import { auditRunsRoutes } from "@/lib/contracts/audit-runs-routes";

/** Cancels a queued or running run after a confirmation; running passes stop at their next turn. */
export function CancelRunButton({ id }: { id: string }) {
  return (
    <ActionButton
      action={() => callApi(auditRunsRoutes.postAdminRunsIdCancel, { params: { id } })}
      confirm="Cancel this run? Running passes stop at their next turn and the run makes no submission."
      failure="The run could not be cancelled."
      className={`${styles.button} ${styles.danger}`}
      busyChildren="Cancelling…"
    >
      Cancel run
    </ActionButton>
  );
}
