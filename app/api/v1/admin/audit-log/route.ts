import { adminRoutes } from "@/lib/contracts/admin-routes";
import { listAuditLog } from "@/lib/server/admin/list-audit-log";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/audit-log?action=&target=&before= - admin actions, newest first (admins)
export const GET = handle(adminRoutes.getAdminAuditLog, ({ query }) => listAuditLog(query));
