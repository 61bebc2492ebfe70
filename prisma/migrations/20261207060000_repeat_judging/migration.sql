-- §2.3's repeat agreement measured on purpose: a seeded sample of a scoring's judged pairs asked again, cache bypassed.
CREATE TABLE "RepeatJudging" (
    "id" TEXT NOT NULL,
    "submissionId" TEXT NOT NULL,
    "attemptId" TEXT NOT NULL,
    "judgeModel" TEXT NOT NULL,
    "promptVersion" TEXT NOT NULL,
    "configHash" TEXT NOT NULL,
    "seed" TEXT NOT NULL,
    "status" "AnalysisJobStatus" NOT NULL DEFAULT 'queued',
    "progress" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "token" INTEGER NOT NULL DEFAULT 0,
    "leaseUntil" TIMESTAMP(3),
    "plannedCalls" INTEGER NOT NULL DEFAULT 0,
    "estimatedCostUsd" DOUBLE PRECISION,
    "judgeCalls" INTEGER NOT NULL DEFAULT 0,
    "inputTokens" INTEGER NOT NULL DEFAULT 0,
    "outputTokens" INTEGER NOT NULL DEFAULT 0,
    "startedById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RepeatJudging_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "RepeatJudgingPair" (
    "id" TEXT NOT NULL,
    "repeatId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "verdictId" TEXT NOT NULL,
    "findingId" TEXT NOT NULL,
    "referenceBugId" TEXT NOT NULL,
    "firstMatch" BOOLEAN NOT NULL,
    "repeatMatch" BOOLEAN,
    "rationale" TEXT,

    CONSTRAINT "RepeatJudgingPair_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "RepeatJudging_submissionId_createdAt_idx" ON "RepeatJudging"("submissionId", "createdAt");
CREATE INDEX "RepeatJudging_status_idx" ON "RepeatJudging"("status");
CREATE UNIQUE INDEX "RepeatJudgingPair_repeatId_position_key" ON "RepeatJudgingPair"("repeatId", "position");

ALTER TABLE "RepeatJudging" ADD CONSTRAINT "RepeatJudging_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "RepeatJudgingPair" ADD CONSTRAINT "RepeatJudgingPair_repeatId_fkey" FOREIGN KEY ("repeatId") REFERENCES "RepeatJudging"("id") ON DELETE CASCADE ON UPDATE CASCADE;
