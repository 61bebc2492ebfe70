import "server-only";
import { db } from "../../db";
import { env } from "../../env";

import { pageInfo, pageWindow } from "../pagination";
import type { z } from "zod";
import type { listUsersQuerySchema, userListSchema } from "../../contracts/admin";

export type UserSummary = z.input<typeof userListSchema>["users"][number];

/** Users for the admin page, searchable by email or name. Password hashes never leave this function. */
export async function listUsers(query: z.output<typeof listUsersQuerySchema>): Promise<z.input<typeof userListSchema>> {
  const { q, page, per_page } = query;
  const where = q
    ? {
        OR: [
          { email: { contains: q, mode: "insensitive" as const } },
          { name: { contains: q, mode: "insensitive" as const } },
        ],
      }
    : {};
  const [total, rows] = await Promise.all([
    db.user.count({ where }),
    db.user.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      ...pageWindow(page, per_page),
      include: { accounts: { select: { provider: true } }, _count: { select: { submissions: true } } },
    }),
  ]);
  const users = rows.map((u) => ({
    id: u.id,
    email: u.email,
    name: u.name,
    role: u.role,
    email_verified: u.emailVerified !== null,
    has_password: u.passwordHash !== null,
    github: u.accounts.some((a) => a.provider === "github"),
    disabled: u.disabledAt !== null,
    submission_quota_per_day: u.submissionQuotaPerDay,
    effective_quota_per_day: u.submissionQuotaPerDay ?? env.SUBMISSION_QUOTA_PER_DAY,
    submissions: u._count.submissions,
    created_at: u.createdAt.toISOString(),
  }));
  return { users, pagination: pageInfo(total, page, per_page) };
}
