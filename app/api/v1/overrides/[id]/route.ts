import { overridesRoutes } from "@/lib/contracts/overrides-routes";
import { withdrawOverride } from "@/lib/server/workbench/overrides";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// DELETE /api/v1/overrides/{id} - withdraws an override (audit-logged); the affected submissions are rescored
export const DELETE = handle(overridesRoutes.deleteOverridesId, ({ caller, params }) =>
  withdrawOverride(caller, params.id),
);
