import { requireCaller } from "@/lib/server/auth/api-caller";
import { respond, withErrors } from "@/lib/server/http/respond";
import { withdrawOverride } from "@/lib/server/workbench/overrides";
import { withdrawnOverrideSchema } from "@/lib/contracts/overrides";

export const dynamic = "force-dynamic";

// DELETE /api/v1/overrides/{id} - withdraws an override (audit-logged); the affected submissions are rescored
export const DELETE = withErrors(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const caller = await requireCaller(request, { access: "write", roles: ["maintainer", "admin"], tokens: "admin" });
  return respond(withdrawnOverrideSchema, await withdrawOverride(caller, id));
});
