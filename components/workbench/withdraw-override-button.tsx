"use client";

import { callApi } from "@/lib/api-client";
import { overridesRoutes } from "@/lib/contracts/overrides-routes";
import { ActionButton } from "@/components/ui/action-button";

/** Withdraws a maintainer's override after a confirmation: the submissions holding the pair are rescored. */
export function WithdrawOverrideButton({ id, submissions, pair }: { id: string; submissions: number; pair: string }) {
  return (
    <ActionButton
      action={() => callApi(overridesRoutes.deleteOverridesId, { params: { id } })}
      confirm={`Withdraw this override? The ${submissions} submission${submissions === 1 ? "" : "s"} holding the pair are rescored and the judge decides it again.`}
      failure="The override could not be withdrawn."
      className="link"
      ariaLabel={`Withdraw the override of ${pair}`}
      busyChildren="Withdrawing…"
      inline
    >
      Withdraw
    </ActionButton>
  );
}
