"use client";

import { ActionButton } from "@/components/ui/action-button";
import styles from "@/components/ui/forms.module.css";
import { callApi } from "@/lib/api-client";
import { adminRoutes } from "@/lib/contracts/admin-routes";

/** Approves the judge calls of a submission that stopped above the per-submission budget; scoring then continues. */
export function ApproveSpendButton({ id, model, calls }: { id: string; model: string; calls: number | null }) {
  return (
    <ActionButton
      action={() => callApi(adminRoutes.postAdminSubmissionsIdApproveSpend, { params: { id }, body: {} })}
      failure="The request failed."
      className={`${styles.button} ${styles.primary} ${styles.small}`}
      ariaLabel={`Approve judge calls for ${model}`}
    >
      Approve {calls === null ? "the" : calls.toLocaleString("en-US")} judge calls
    </ActionButton>
  );
}
