import { Prisma } from "../../generated/prisma/client";

/**
 * What makes a submission public: approved by an admin and scored (reported entries are stored as scored). One being
 * scored again (after a maintainer's override, or an approved spend) stays public with the scores of its last
 * scoring: they stay in place until the new ones replace them in one transaction (worker/features/scoring/write-attempt.ts),
 * so the board never loses an entry while it is rescored.
 */
export const PUBLIC_SUBMISSION = {
  reviewStatus: "approved",
  OR: [{ scoringStatus: "scored" }, { scoredAt: { not: null } }],
} satisfies Prisma.SubmissionWhereInput;

/** The PUBLIC_SUBMISSION rule in SQL, for the "Submission" row named `alias`. */
export function publicSubmissionSql(alias: string): Prisma.Sql {
  return Prisma.raw(
    `${alias}."reviewStatus" = 'approved' AND (${alias}."scoringStatus" = 'scored' OR ${alias}."scoredAt" IS NOT NULL)`,
  );
}
