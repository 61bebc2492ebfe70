import "server-only";
import type { Metadata } from "next";
import { requirePageAdmin } from "@/lib/server/auth/current-user";
import { env } from "@/lib/env";
import { listUsers } from "@/lib/server/admin/list-users";
import { pageFromSearchParam } from "@/lib/server/pagination";
import { Pager } from "@/components/ui/pager";
import styles from "@/components/ui/forms.module.css";
import { InlineInput } from "@/components/ui/form-field";
import { UserEditor } from "@/components/admin/user-editor";
import { scrollRegion } from "@/components/ui/scroll-region";
import { listUsersQuerySchema } from "@/lib/contracts/admin";
import { parseOrThrow } from "@/lib/errors";

export const metadata: Metadata = { title: "Users", robots: { index: false } };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function UsersPage({ searchParams }: Props) {
  const admin = await requirePageAdmin("/admin/users");
  const params = await searchParams;
  const q = typeof params.q === "string" && params.q.trim() ? params.q.trim() : undefined;
  const page = pageFromSearchParam(params.page);
  const { users, pagination } = await listUsers(parseOrThrow(listUsersQuerySchema, { q, page }, "The query"));
  return (
    <>
      <h1>Users</h1>
      <p className="muted">
        Roles: user (uploads), maintainer (sees every submission, also unapproved ones), admin (reviews, manages users).
        An empty quota means the default of {env.SUBMISSION_QUOTA_PER_DAY} uploads a day. Disabling signs the user out
        and revokes their API tokens for good.
      </p>
      <form method="get" style={{ margin: "8px 0 14px" }}>
        <div className={styles.actions}>
          <InlineInput
            type="search"
            name="q"
            defaultValue={q ?? ""}
            placeholder="Search email or name"
            aria-label="Search users"
          />
          <button className={styles.button} type="submit">
            Search
          </button>
        </div>
      </form>
      <div className="table-wrap" {...scrollRegion("Users")}>
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
                  {[u.has_password && "password", u.github && "GitHub", !u.email_verified && "unverified email"]
                    .filter(Boolean)
                    .join(" · ") || "–"}
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
      {pagination.total === 0 && <p className="empty-state">{q ? `No user matches “${q}”.` : "No users yet."}</p>}
      <Pager info={pagination} path="/admin/users" params={{ q }} noun="users" />
    </>
  );
}
