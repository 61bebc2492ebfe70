import { requireCaller } from "@/lib/server/auth/api-caller";
import { respond, withErrors } from "@/lib/server/http/respond";
import { listUsers } from "@/lib/server/admin/list-users";
import { userListSchema } from "@/lib/contracts/admin";
import { listUsersQuerySchema } from "@/lib/contracts/admin";
import { parseOrThrow } from "@/lib/errors";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/users?q=&page=&per_page= - users with role, quota and status (admins), newest first, paginated
export const GET = withErrors(async (request: Request) => {
  await requireCaller(request, { access: "read", roles: ["admin"], tokens: "admin" });
  return respond(
    userListSchema,
    await listUsers(
      parseOrThrow(listUsersQuerySchema, Object.fromEntries(new URL(request.url).searchParams), "The query"),
    ),
  );
});
