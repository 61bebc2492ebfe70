import { adminRoutes } from "@/lib/contracts/admin-routes";
import { updateUser } from "@/lib/server/admin/update-user";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// PATCH /api/v1/admin/users/{id} - change role, quota override or disabled flag {…, reason} (admins; audit-logged)
export const PATCH = handle(
  adminRoutes.patchAdminUsersId,
  ({ caller, params, body }) => updateUser(caller.id, params.id, body),
  { body: "The change" },
);
