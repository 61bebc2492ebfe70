-- CreateEnum
CREATE TYPE "AuditPassStatus" AS ENUM ('queued', 'running', 'done', 'failed', 'stopped', 'skipped');

-- AlterEnum
BEGIN;
CREATE TYPE "AuditRunStatus_new" AS ENUM ('queued', 'running', 'done', 'failed', 'cancelled', 'over_budget');
ALTER TABLE "AuditRun" ALTER COLUMN "status" DROP DEFAULT;
ALTER TABLE "AuditRun" ALTER COLUMN "status" TYPE "AuditRunStatus_new" USING ("status"::text::"AuditRunStatus_new");
ALTER TYPE "AuditRunStatus" RENAME TO "AuditRunStatus_old";
ALTER TYPE "AuditRunStatus_new" RENAME TO "AuditRunStatus";
DROP TYPE "AuditRunStatus_old";
ALTER TABLE "AuditRun" ALTER COLUMN "status" SET DEFAULT 'queued';
COMMIT;

-- AlterTable
ALTER TABLE "AuditRun" ADD COLUMN     "baseUrl" TEXT,
ADD COLUMN     "budgetTokens" INTEGER,
ADD COLUMN     "budgetUsd" DOUBLE PRECISION,
ADD COLUMN     "budgetWallMinutes" INTEGER,
ADD COLUMN     "costUsd" DOUBLE PRECISION NOT NULL DEFAULT 0,
ADD COLUMN     "createdById" TEXT,
ADD COLUMN     "error" TEXT,
ADD COLUMN     "finishedAt" TIMESTAMP(3),
ADD COLUMN     "harness" TEXT NOT NULL,
ADD COLUMN     "inputTokens" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "outputTokens" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "passesDone" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "passesFailed" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "passesTotal" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "reasoningEffort" TEXT,
ADD COLUMN     "repos" TEXT[],
ADD COLUMN     "startedAt" TIMESTAMP(3),
ADD COLUMN     "updatedAt" TIMESTAMP(3) NOT NULL,
ALTER COLUMN "status" SET DEFAULT 'queued';

-- CreateTable
CREATE TABLE "AuditPass" (
    "id" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "repositoryId" TEXT NOT NULL,
    "repo" TEXT NOT NULL,
    "passKey" TEXT NOT NULL,
    "ordinal" INTEGER NOT NULL,
    "files" TEXT[],
    "status" "AuditPassStatus" NOT NULL DEFAULT 'queued',
    "claimToken" INTEGER NOT NULL DEFAULT 0,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "turns" INTEGER NOT NULL DEFAULT 0,
    "inputTokens" INTEGER NOT NULL DEFAULT 0,
    "outputTokens" INTEGER NOT NULL DEFAULT 0,
    "costUsd" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "findings" JSONB,
    "error" TEXT,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "AuditPass_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditPassMessage" (
    "id" TEXT NOT NULL,
    "passId" TEXT NOT NULL,
    "attempt" INTEGER NOT NULL,
    "seq" INTEGER NOT NULL,
    "message" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuditPassMessage_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AuditPass_runId_status_idx" ON "AuditPass"("runId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "AuditPass_runId_repositoryId_passKey_key" ON "AuditPass"("runId", "repositoryId", "passKey");

-- CreateIndex
CREATE UNIQUE INDEX "AuditPassMessage_passId_attempt_seq_key" ON "AuditPassMessage"("passId", "attempt", "seq");

-- CreateIndex
CREATE INDEX "AuditRun_createdAt_idx" ON "AuditRun"("createdAt");

-- AddForeignKey
ALTER TABLE "AuditPass" ADD CONSTRAINT "AuditPass_runId_fkey" FOREIGN KEY ("runId") REFERENCES "AuditRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditPassMessage" ADD CONSTRAINT "AuditPassMessage_passId_fkey" FOREIGN KEY ("passId") REFERENCES "AuditPass"("id") ON DELETE CASCADE ON UPDATE CASCADE;
