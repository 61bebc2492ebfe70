-- Every job row's fencing token has one name, "claimToken" (worker/jobs/fenced-row.ts). Renamed in place, so every
-- row keeps its token: a claim taken before the upgrade still fences the writes of its attempt after it.

-- AlterTable
ALTER TABLE "Submission" RENAME COLUMN "scoringToken" TO "claimToken";

-- AlterTable
ALTER TABLE "PanelRun" RENAME COLUMN "token" TO "claimToken";

-- AlterTable
ALTER TABLE "AttributionRun" RENAME COLUMN "token" TO "claimToken";

-- AlterTable
ALTER TABLE "ReferenceAttributionRun" RENAME COLUMN "token" TO "claimToken";

-- AlterTable
ALTER TABLE "AuditRun" RENAME COLUMN "startToken" TO "claimToken";

-- AlterTable
ALTER TABLE "FixRankJob" RENAME COLUMN "token" TO "claimToken";

-- AlterTable
ALTER TABLE "BenchmarkDatasheet" RENAME COLUMN "token" TO "claimToken";

-- AlterTable
ALTER TABLE "JudgeTrial" RENAME COLUMN "token" TO "claimToken";

-- AlterTable
ALTER TABLE "BenchmarkBuildStage" RENAME COLUMN "token" TO "claimToken";

-- AlterTable
ALTER TABLE "RepeatJudging" RENAME COLUMN "token" TO "claimToken";
