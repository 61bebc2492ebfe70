-- CreateTable
CREATE TABLE "ReferenceAttributionRun" (
    "id" TEXT NOT NULL,
    "benchmarkId" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "promptHash" TEXT NOT NULL,
    "taxonomyHash" TEXT NOT NULL,
    "promptVersion" TEXT NOT NULL DEFAULT '',
    "status" "AnalysisJobStatus" NOT NULL DEFAULT 'queued',
    "progress" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "token" INTEGER NOT NULL DEFAULT 0,
    "total" INTEGER NOT NULL DEFAULT 0,
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

    CONSTRAINT "ReferenceAttributionRun_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ReferenceAttributionRun_configuration_key" ON "ReferenceAttributionRun"("benchmarkId", "model", "promptHash", "taxonomyHash");

-- AddForeignKey
ALTER TABLE "ReferenceAttributionRun" ADD CONSTRAINT "ReferenceAttributionRun_benchmarkId_fkey" FOREIGN KEY ("benchmarkId") REFERENCES "Benchmark"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- One label per subject and classifier configuration (model + prompt hash + taxonomy hash), no longer per model only.
DROP INDEX "BugTypeAttribution_subjectKind_subjectId_model_key";
CREATE UNIQUE INDEX "BugTypeAttribution_subject_configuration_key" ON "BugTypeAttribution"("subjectKind", "subjectId", "model", "promptHash", "taxonomyHash");
