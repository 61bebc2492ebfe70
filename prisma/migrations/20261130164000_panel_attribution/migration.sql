-- CreateEnum
CREATE TYPE "AnalysisJobStatus" AS ENUM ('queued', 'running', 'done', 'failed');

-- AlterTable
ALTER TABLE "PanelReview" ADD COLUMN     "configHash" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "costUsd" DOUBLE PRECISION NOT NULL DEFAULT 0,
ADD COLUMN     "inputTokens" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "outputTokens" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "panelRunId" TEXT;

-- AlterTable
ALTER TABLE "BugTypeAttribution" ADD COLUMN     "family" TEXT,
ADD COLUMN     "inputTokens" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "outputTokens" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "promptHash" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "rationale" TEXT,
ADD COLUMN     "source" TEXT NOT NULL DEFAULT 'llm',
ADD COLUMN     "taxonomyHash" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "textHash" TEXT NOT NULL DEFAULT '';

-- CreateTable
CREATE TABLE "PanelRun" (
    "id" TEXT NOT NULL,
    "submissionId" TEXT NOT NULL,
    "status" "AnalysisJobStatus" NOT NULL DEFAULT 'queued',
    "progress" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "token" INTEGER NOT NULL DEFAULT 0,
    "seed" TEXT NOT NULL,
    "sampleSize" INTEGER NOT NULL,
    "judges" TEXT[],
    "tier2Judge" TEXT NOT NULL,
    "promptVersion" TEXT NOT NULL DEFAULT '',
    "sampled" INTEGER NOT NULL DEFAULT 0,
    "judgeCalls" INTEGER NOT NULL DEFAULT 0,
    "retries" INTEGER NOT NULL DEFAULT 0,
    "malformedReplies" INTEGER NOT NULL DEFAULT 0,
    "inputTokens" INTEGER NOT NULL DEFAULT 0,
    "outputTokens" INTEGER NOT NULL DEFAULT 0,
    "costUsd" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "startedById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "PanelRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PanelSample" (
    "id" TEXT NOT NULL,
    "panelRunId" TEXT NOT NULL,
    "findingId" TEXT NOT NULL,
    "opaqueId" TEXT NOT NULL,
    "runIndex" INTEGER NOT NULL,
    "repository" TEXT NOT NULL,
    "matched" BOOLEAN NOT NULL,
    "verdict" "PanelVerdictKind",
    "reason" TEXT,
    "severity" "Severity",
    "confidence" TEXT,

    CONSTRAINT "PanelSample_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AttributionRun" (
    "id" TEXT NOT NULL,
    "submissionId" TEXT NOT NULL,
    "status" "AnalysisJobStatus" NOT NULL DEFAULT 'queued',
    "progress" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "token" INTEGER NOT NULL DEFAULT 0,
    "model" TEXT NOT NULL,
    "promptVersion" TEXT NOT NULL DEFAULT '',
    "total" INTEGER NOT NULL DEFAULT 0,
    "selfReported" INTEGER NOT NULL DEFAULT 0,
    "classified" INTEGER NOT NULL DEFAULT 0,
    "cached" INTEGER NOT NULL DEFAULT 0,
    "judgeCalls" INTEGER NOT NULL DEFAULT 0,
    "retries" INTEGER NOT NULL DEFAULT 0,
    "malformedReplies" INTEGER NOT NULL DEFAULT 0,
    "inputTokens" INTEGER NOT NULL DEFAULT 0,
    "outputTokens" INTEGER NOT NULL DEFAULT 0,
    "costUsd" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "startedById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "AttributionRun_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "PanelRun_submissionId_key" ON "PanelRun"("submissionId");

-- CreateIndex
CREATE UNIQUE INDEX "PanelSample_panelRunId_findingId_key" ON "PanelSample"("panelRunId", "findingId");

-- CreateIndex
CREATE UNIQUE INDEX "AttributionRun_submissionId_key" ON "AttributionRun"("submissionId");

-- CreateIndex
CREATE UNIQUE INDEX "PanelReview_panelRunId_findingId_tier_judge_key" ON "PanelReview"("panelRunId", "findingId", "tier", "judge");

-- CreateIndex
CREATE INDEX "BugTypeAttribution_textHash_taxonomyHash_model_promptHash_idx" ON "BugTypeAttribution"("textHash", "taxonomyHash", "model", "promptHash");

-- AddForeignKey
ALTER TABLE "PanelRun" ADD CONSTRAINT "PanelRun_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PanelSample" ADD CONSTRAINT "PanelSample_panelRunId_fkey" FOREIGN KEY ("panelRunId") REFERENCES "PanelRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PanelSample" ADD CONSTRAINT "PanelSample_findingId_fkey" FOREIGN KEY ("findingId") REFERENCES "Finding"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PanelReview" ADD CONSTRAINT "PanelReview_panelRunId_fkey" FOREIGN KEY ("panelRunId") REFERENCES "PanelRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AttributionRun" ADD CONSTRAINT "AttributionRun_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;
