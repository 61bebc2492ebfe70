import { z } from "zod";
import { db } from "../../db";
import { env } from "../../env";
import { parseOrThrow } from "../../errors";

export const listUsersQuerySchema = z.object({
  q: z.string().trim().max(320).optional(),
  take: z.coerce.number().int().min(1).max(500).default(200),
});

export type UserSummary = {
  id: string;
  email: string;
  name: string | null;
  role: "user" | "maintainer" | "admin";
  email_verified: boolean;
  has_password: boolean;
  github: boolean;
  disabled: boolean;
  submission_quota_per_day: number | null;
  effective_quota_per_day: number;
  submissions: number;
  created_at: string;
};

/** Users for the admin page, searchable by email or name. Password hashes never leave this function. */
export async function listUsers(query: unknown): Promise<UserSummary[]> {
  const { q, take } = parseOrThrow(listUsersQuerySchema, query, "The query");
  const rows = await db.user.findMany({
    where: q ? { OR: [{ email: { contains: q, mode: "insensitive" } }, { name: { contains: q, mode: "insensitive" } }] } : {},
    orderBy: { createdAt: "desc" },
    take,
    include: { accounts: { select: { provider: true } }, _count: { select: { submissions: true } } },
  });
  return rows.map((u) => ({
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
}
