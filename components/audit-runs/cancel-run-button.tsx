"use client";

import { ActionButton } from "@/components/ui/action-button";
import styles from "@/components/ui/forms.module.css";

/** Cancels a queued or running run after a confirmation; running passes stop at their next turn. */
export function CancelRunButton({ id }: { id: string }) {
  return (
    <ActionButton
      url={`/api/v1/admin/runs/${encodeURIComponent(id)}/cancel`}
      confirm="Cancel this run? Running passes stop at their next turn and the run makes no submission."
      failure="The run could not be cancelled."
      className={`${styles.button} ${styles.danger}`}
      busyChildren="Cancelling…"
    >
      Cancel run
    </ActionButton>
  );
}
