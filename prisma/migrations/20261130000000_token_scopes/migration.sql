-- CreateEnum
CREATE TYPE "ApiTokenScope" AS ENUM ('submit', 'read', 'admin');

-- AlterTable
-- Tokens that exist before this migration had no scopes and never expired. They get the defaults of a new token:
-- scopes submit + read (so CLI uploads and status checks keep working, while old tokens of admins no longer reach the
-- admin API until the admin creates an admin-scoped one) and expiry 90 days after this migration runs. The
-- temporary column defaults fill existing rows only and are dropped at once: the application always sets both.
-- (Prisma keeps timestamps as UTC in timestamp-without-time-zone columns, hence AT TIME ZONE.)
-- (No semicolons or quote marks in these comments: the schema engine splits the script on them.)
ALTER TABLE "ApiToken" ADD COLUMN     "expiresAt" TIMESTAMP(3) NOT NULL DEFAULT ((CURRENT_TIMESTAMP AT TIME ZONE 'UTC') + INTERVAL '90 days'),
ADD COLUMN     "scopes" "ApiTokenScope"[] DEFAULT ARRAY['submit', 'read']::"ApiTokenScope"[];

ALTER TABLE "ApiToken" ALTER COLUMN "expiresAt" DROP DEFAULT,
ALTER COLUMN "scopes" DROP DEFAULT;
