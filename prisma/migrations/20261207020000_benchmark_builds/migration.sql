-- Benchmark builds: a version built from repositories' histories with the paper's collection pipeline.
CREATE TYPE "BenchmarkBuildStatus" AS ENUM ('awaiting_approval', 'running', 'review', 'published', 'failed', 'cancelled');

CREATE TABLE "BenchmarkBuild" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "snapshotRef" TEXT NOT NULL,
    "windowEnd" TIMESTAMP(3) NOT NULL,
    "status" "BenchmarkBuildStatus" NOT NULL,
    "budgetUsd" DOUBLE PRECISION NOT NULL,
    "estimate" JSONB NOT NULL,
    "spentUsd" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "error" TEXT,
    "createdById" TEXT,
    "approvedById" TEXT,
    "refreshOfId" TEXT,
    "publishedBenchmarkId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "BenchmarkBuild_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "BenchmarkBuild_createdAt_idx" ON "BenchmarkBuild"("createdAt");

CREATE TABLE "BenchmarkBuildRepository" (
    "id" TEXT NOT NULL,
    "buildId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "sourceKind" TEXT NOT NULL,
    "sourceUrl" TEXT,
    "bundlePath" TEXT,
    "snapshotCommit" TEXT,
    "snapshotDate" TIMESTAMP(3),
    "defaultBranch" TEXT,
    CONSTRAINT "BenchmarkBuildRepository_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "BenchmarkBuildRepository_buildId_name_key" ON "BenchmarkBuildRepository"("buildId", "name");
ALTER TABLE "BenchmarkBuildRepository" ADD CONSTRAINT "BenchmarkBuildRepository_buildId_fkey" FOREIGN KEY ("buildId") REFERENCES "BenchmarkBuild"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "BenchmarkBuildStage" (
    "id" TEXT NOT NULL,
    "buildId" TEXT NOT NULL,
    "stage" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "status" "AnalysisJobStatus" NOT NULL DEFAULT 'queued',
    "token" INTEGER NOT NULL DEFAULT 0,
    "leaseUntil" TIMESTAMP(3),
    "countIn" INTEGER,
    "countOut" INTEGER,
    "modelCalls" INTEGER NOT NULL DEFAULT 0,
    "costUsd" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "error" TEXT,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    CONSTRAINT "BenchmarkBuildStage_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "BenchmarkBuildStage_buildId_stage_key" ON "BenchmarkBuildStage"("buildId", "stage");
ALTER TABLE "BenchmarkBuildStage" ADD CONSTRAINT "BenchmarkBuildStage_buildId_fkey" FOREIGN KEY ("buildId") REFERENCES "BenchmarkBuild"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "BenchmarkBuildCommit" (
    "id" TEXT NOT NULL,
    "buildId" TEXT NOT NULL,
    "repositoryId" TEXT NOT NULL,
    "sha" TEXT NOT NULL,
    "parentSha" TEXT,
    "committedAt" TIMESTAMP(3) NOT NULL,
    "subject" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "isBugFix" BOOLEAN,
    "confidence" DOUBLE PRECISION,
    "rationale" TEXT,
    CONSTRAINT "BenchmarkBuildCommit_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "BenchmarkBuildCommit_repositoryId_sha_key" ON "BenchmarkBuildCommit"("repositoryId", "sha");
CREATE INDEX "BenchmarkBuildCommit_buildId_idx" ON "BenchmarkBuildCommit"("buildId");
ALTER TABLE "BenchmarkBuildCommit" ADD CONSTRAINT "BenchmarkBuildCommit_buildId_fkey" FOREIGN KEY ("buildId") REFERENCES "BenchmarkBuild"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "BenchmarkBuildCommit" ADD CONSTRAINT "BenchmarkBuildCommit_repositoryId_fkey" FOREIGN KEY ("repositoryId") REFERENCES "BenchmarkBuildRepository"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "BenchmarkBuildCandidate" (
    "id" TEXT NOT NULL,
    "buildId" TEXT NOT NULL,
    "repositoryId" TEXT NOT NULL,
    "commitSha" TEXT NOT NULL,
    "fixedAt" TIMESTAMP(3) NOT NULL,
    "ordinal" INTEGER NOT NULL,
    "parentFile" TEXT NOT NULL,
    "parentLineStart" INTEGER NOT NULL,
    "parentLineEnd" INTEGER NOT NULL,
    "insertion" BOOLEAN NOT NULL DEFAULT false,
    "summary" TEXT NOT NULL,
    "file" TEXT,
    "lineStart" INTEGER,
    "lineEnd" INTEGER,
    "codeSnippet" TEXT,
    "stage" TEXT NOT NULL,
    "verdict" TEXT NOT NULL DEFAULT 'kept',
    "ground" TEXT,
    "introducedBy" TEXT,
    "lowConfidence" BOOLEAN NOT NULL DEFAULT false,
    "rationale" JSONB NOT NULL DEFAULT '{}',
    "report" JSONB,
    "duplicateOfId" TEXT,
    "auditGround" TEXT,
    "auditRationale" TEXT,
    "auditModel" TEXT,
    "auditPrompt" TEXT,
    "decision" TEXT,
    "decisionBy" TEXT,
    "editedReport" JSONB,
    "externalId" TEXT,
    CONSTRAINT "BenchmarkBuildCandidate_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "BenchmarkBuildCandidate_repositoryId_commitSha_ordinal_key" ON "BenchmarkBuildCandidate"("repositoryId", "commitSha", "ordinal");
CREATE INDEX "BenchmarkBuildCandidate_buildId_stage_idx" ON "BenchmarkBuildCandidate"("buildId", "stage");
ALTER TABLE "BenchmarkBuildCandidate" ADD CONSTRAINT "BenchmarkBuildCandidate_buildId_fkey" FOREIGN KEY ("buildId") REFERENCES "BenchmarkBuild"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "BenchmarkBuildCandidate" ADD CONSTRAINT "BenchmarkBuildCandidate_repositoryId_fkey" FOREIGN KEY ("repositoryId") REFERENCES "BenchmarkBuildRepository"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "ReferenceAgentMark" (
    "id" TEXT NOT NULL,
    "referenceBugId" TEXT NOT NULL,
    "ground" TEXT NOT NULL,
    "rationale" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "promptVersion" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ReferenceAgentMark_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ReferenceAgentMark_referenceBugId_key" ON "ReferenceAgentMark"("referenceBugId");
ALTER TABLE "ReferenceAgentMark" ADD CONSTRAINT "ReferenceAgentMark_referenceBugId_fkey" FOREIGN KEY ("referenceBugId") REFERENCES "ReferenceBug"("id") ON DELETE CASCADE ON UPDATE CASCADE;
