-- CreateTable
CREATE TABLE "JudgeTrial" (
    "id" TEXT NOT NULL,
    "benchmarkId" TEXT NOT NULL,
    "candidateModel" TEXT NOT NULL,
    "currentModel" TEXT NOT NULL,
    "promptVersion" TEXT NOT NULL DEFAULT '',
    "status" "AnalysisJobStatus" NOT NULL DEFAULT 'queued',
    "progress" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "token" INTEGER NOT NULL DEFAULT 0,
    "pairs" INTEGER NOT NULL DEFAULT 0,
    "judgeCalls" INTEGER NOT NULL DEFAULT 0,
    "cachedVerdicts" INTEGER NOT NULL DEFAULT 0,
    "inputTokens" INTEGER NOT NULL DEFAULT 0,
    "outputTokens" INTEGER NOT NULL DEFAULT 0,
    "costUsd" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "result" JSONB,
    "startedById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "JudgeTrial_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ActiveJudge" (
    "id" TEXT NOT NULL DEFAULT 'active',
    "model" TEXT NOT NULL,
    "trialId" TEXT,
    "setById" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ActiveJudge_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "JudgeTrial_benchmarkId_createdAt_idx" ON "JudgeTrial"("benchmarkId", "createdAt");

-- AddForeignKey
ALTER TABLE "JudgeTrial" ADD CONSTRAINT "JudgeTrial_benchmarkId_fkey" FOREIGN KEY ("benchmarkId") REFERENCES "Benchmark"("id") ON DELETE CASCADE ON UPDATE CASCADE;
