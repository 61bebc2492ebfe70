-- AlterEnum
ALTER TYPE "ScoringStatus" ADD VALUE 'awaiting_approval';

-- DropIndex
DROP INDEX "CandidatePair_findingId_referenceBugId_key";

-- DropIndex
DROP INDEX "CrossRunPair_submissionId_idx";

-- DropIndex
DROP INDEX "CrossRunPair_leftId_rightId_key";

-- DropIndex
DROP INDEX "JudgeVerdict_leftHash_rightHash_judgeModel_promptVersion_key";

-- DropIndex
DROP INDEX "Match_findingId_referenceBugId_key";

-- DropIndex
DROP INDEX "Embedding_contentHash_kind_provider_model_key";

-- AlterTable
ALTER TABLE "Submission" ADD COLUMN     "approvedJudgeCalls" INTEGER,
ADD COLUMN     "scoringAttemptId" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "scoringToken" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "CandidatePair" ADD COLUMN     "attemptId" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "CrossRunPair" ADD COLUMN     "attemptId" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "decision" TEXT NOT NULL DEFAULT 'judged';

-- AlterTable
ALTER TABLE "JudgeVerdict" ADD COLUMN     "configHash" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "Match" ADD COLUMN     "attemptId" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "JudgeUsage" ADD COLUMN     "crossRunCached" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "crossRunCompared" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "crossRunJudged" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "crossRunKept" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "crossRunSkipped" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "estimatedCalls" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "malformedReplies" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "retries" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Embedding" ADD COLUMN     "configHash" TEXT NOT NULL DEFAULT '';

-- CreateIndex
CREATE INDEX "CandidatePair_findingId_idx" ON "CandidatePair"("findingId");

-- CreateIndex
CREATE UNIQUE INDEX "CandidatePair_attemptId_findingId_referenceBugId_key" ON "CandidatePair"("attemptId", "findingId", "referenceBugId");

-- CreateIndex
CREATE INDEX "CrossRunPair_submissionId_attemptId_idx" ON "CrossRunPair"("submissionId", "attemptId");

-- CreateIndex
CREATE UNIQUE INDEX "CrossRunPair_attemptId_leftId_rightId_key" ON "CrossRunPair"("attemptId", "leftId", "rightId");

-- CreateIndex
CREATE UNIQUE INDEX "JudgeVerdict_leftHash_rightHash_judgeModel_promptVersion_co_key" ON "JudgeVerdict"("leftHash", "rightHash", "judgeModel", "promptVersion", "configHash");

-- CreateIndex
CREATE INDEX "Match_findingId_idx" ON "Match"("findingId");

-- CreateIndex
CREATE UNIQUE INDEX "Match_attemptId_findingId_referenceBugId_key" ON "Match"("attemptId", "findingId", "referenceBugId");

-- CreateIndex
CREATE UNIQUE INDEX "Embedding_contentHash_kind_provider_model_configHash_key" ON "Embedding"("contentHash", "kind", "provider", "model", "configHash");
