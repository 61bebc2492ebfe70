import type { Metadata } from "next";
import { requirePageAdmin } from "@/lib/auth/current-user";
import { env } from "@/lib/env";
import { listUsers } from "@/lib/server/admin/list-users";
import { UserEditor } from "@/components/admin/user-editor";

export const metadata: Metadata = { title: "Users", robots: { index: false } };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function UsersPage({ searchParams }: Props) {
  const admin = await requirePageAdmin("/admin/users");
  const q = (await searchParams).q;
  const users = await listUsers({ q: typeof q === "string" ? q : undefined });
  return (
    <>
      <h1>Users</h1>
      <p className="muted">
        Roles: user (uploads), maintainer (sees every submission and inspects matches), admin (reviews, manages users). An empty quota
        means the default of {env.SUBMISSION_QUOTA_PER_DAY} uploads a day. Disabling signs the user out and stops their API tokens.
      </p>
      <form method="get" style={{ margin: "8px 0 14px" }}>
        <input name="q" defaultValue={typeof q === "string" ? q : ""} placeholder="Search email or name" aria-label="Search users" /> <button type="submit">Search</button>
      </form>
      <div className="table-wrap">
        <table data-testid="users">
          <thead>
            <tr>
              <th>User</th>
              <th>Sign-in</th>
              <th className="num">Submissions</th>
              <th>Role · uploads/day · status</th>
            </tr>
          </thead>
          <tbody>
            {users.map((u) => (
              <tr key={u.id}>
                <td>
                  {u.email}
                  {u.name && <div className="muted">{u.name}</div>}
                </td>
                <td className="muted">
                  {[u.has_password && "password", u.github && "GitHub", !u.email_verified && "unverified email"].filter(Boolean).join(" · ") || "–"}
                </td>
                <td className="num">{u.submissions}</td>
                <td>
                  <UserEditor user={u} isSelf={u.id === admin.id} defaultQuota={env.SUBMISSION_QUOTA_PER_DAY} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
