-- AlterTable
ALTER TABLE "CrossRunPair" ADD COLUMN     "match" BOOLEAN;

-- The match of the verdict each stored decision points to, for the rows written before the column.
UPDATE "CrossRunPair" p SET "match" = v."match" FROM "JudgeVerdict" v WHERE v."id" = p."verdictId";

-- DropIndex
DROP INDEX "CrossRunPair_submissionId_attemptId_idx";

-- CreateIndex
CREATE INDEX "CrossRunPair_submissionId_attemptId_match_idx" ON "CrossRunPair"("submissionId", "attemptId", "match");
