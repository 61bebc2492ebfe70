-- AlterTable
ALTER TABLE "Submission" ADD COLUMN "judgeBatches" JSONB;

-- AlterTable
ALTER TABLE "JudgeUsage" ADD COLUMN "batchCalls" INTEGER NOT NULL DEFAULT 0;
