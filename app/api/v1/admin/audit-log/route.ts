import { requireCaller } from "@/lib/server/auth/api-caller";
import { respond, withErrors } from "@/lib/server/http/respond";
import { listAuditLog } from "@/lib/server/admin/list-audit-log";
import { auditLogSchema } from "@/lib/contracts/admin";
import { auditLogQuerySchema } from "@/lib/contracts/admin";
import { parseOrThrow } from "@/lib/errors";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/audit-log?action=&target=&before= - admin actions, newest first (admins)
export const GET = withErrors(async (request: Request) => {
  await requireCaller(request, { access: "read", roles: ["admin"], tokens: "admin" });
  return respond(
    auditLogSchema,
    await listAuditLog(
      parseOrThrow(auditLogQuerySchema, Object.fromEntries(new URL(request.url).searchParams), "The query"),
    ),
  );
});
