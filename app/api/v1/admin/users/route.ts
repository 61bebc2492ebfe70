import { adminRoutes } from "@/lib/contracts/admin-routes";
import { listUsers } from "@/lib/server/admin/list-users";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/users?q=&page=&per_page= - users with role, quota and status (admins), newest first, paginated
export const GET = handle(adminRoutes.getAdminUsers, ({ query }) => listUsers(query));
