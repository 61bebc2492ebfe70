-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "Role" AS ENUM ('user', 'maintainer', 'admin');

-- CreateEnum
CREATE TYPE "Severity" AS ENUM ('low', 'medium', 'high', 'critical');

-- CreateEnum
CREATE TYPE "SubmissionSource" AS ENUM ('upload', 'in_house', 'reported');

-- CreateEnum
CREATE TYPE "ScoringStatus" AS ENUM ('queued', 'scoring', 'scored', 'failed');

-- CreateEnum
CREATE TYPE "ReviewStatus" AS ENUM ('pending', 'approved', 'rejected', 'withdrawn');

-- CreateEnum
CREATE TYPE "PanelVerdictKind" AS ENUM ('confirmed', 'rejected', 'abstained');

-- CreateEnum
CREATE TYPE "AuditRunStatus" AS ENUM ('planned', 'running', 'finished', 'failed');

-- CreateTable
CREATE TABLE "Benchmark" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "description" TEXT,
    "snapshotDate" DATE NOT NULL,
    "taxonomy" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Benchmark_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Repository" (
    "id" TEXT NOT NULL,
    "benchmarkId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "domain" TEXT,
    "snapshotCommit" TEXT,

    CONSTRAINT "Repository_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReferenceBug" (
    "id" TEXT NOT NULL,
    "repositoryId" TEXT NOT NULL,
    "externalId" TEXT NOT NULL,
    "file" TEXT NOT NULL,
    "lineStart" INTEGER NOT NULL,
    "lineEnd" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "codeSnippet" TEXT NOT NULL DEFAULT '',
    "severity" "Severity",
    "suggestedFix" TEXT,
    "category" TEXT,
    "trigger" TEXT,
    "contentHash" TEXT NOT NULL,

    CONSTRAINT "ReferenceBug_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT,
    "role" "Role" NOT NULL DEFAULT 'user',
    "passwordHash" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiToken" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "ApiToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Submission" (
    "id" TEXT NOT NULL,
    "benchmarkId" TEXT NOT NULL,
    "submitterId" TEXT,
    "model" TEXT NOT NULL,
    "reasoningEffort" TEXT,
    "harness" TEXT,
    "costUsd" DOUBLE PRECISION,
    "source" "SubmissionSource" NOT NULL DEFAULT 'upload',
    "reportUrl" TEXT,
    "openModel" BOOLEAN,
    "scoringStatus" "ScoringStatus" NOT NULL DEFAULT 'queued',
    "scoringProgress" INTEGER NOT NULL DEFAULT 0,
    "scoringError" TEXT,
    "reviewStatus" "ReviewStatus" NOT NULL DEFAULT 'pending',
    "reviewReason" TEXT,
    "reportedData" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "scoredAt" TIMESTAMP(3),

    CONSTRAINT "Submission_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Run" (
    "id" TEXT NOT NULL,
    "submissionId" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "costUsd" DOUBLE PRECISION,

    CONSTRAINT "Run_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Finding" (
    "id" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "repositoryId" TEXT NOT NULL,
    "ordinal" INTEGER NOT NULL,
    "externalId" TEXT,
    "file" TEXT NOT NULL,
    "lineStart" INTEGER NOT NULL,
    "lineEnd" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "codeSnippet" TEXT NOT NULL DEFAULT '',
    "severity" "Severity",
    "confidence" DOUBLE PRECISION,
    "suggestedFix" TEXT,
    "category" TEXT,
    "trigger" TEXT,
    "contentHash" TEXT NOT NULL,

    CONSTRAINT "Finding_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CandidatePair" (
    "id" TEXT NOT NULL,
    "findingId" TEXT NOT NULL,
    "referenceBugId" TEXT NOT NULL,
    "lineOverlap" DOUBLE PRECISION NOT NULL,
    "fullTextEmbedding" DOUBLE PRECISION NOT NULL,
    "descriptionEmbedding" DOUBLE PRECISION NOT NULL,
    "snippetTokens" DOUBLE PRECISION NOT NULL,
    "identifiers" DOUBLE PRECISION NOT NULL,
    "apiCalls" DOUBLE PRECISION NOT NULL,
    "verdictId" TEXT,

    CONSTRAINT "CandidatePair_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CrossRunPair" (
    "id" TEXT NOT NULL,
    "submissionId" TEXT NOT NULL,
    "leftId" TEXT NOT NULL,
    "rightId" TEXT NOT NULL,
    "verdictId" TEXT,

    CONSTRAINT "CrossRunPair_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JudgeVerdict" (
    "id" TEXT NOT NULL,
    "leftHash" TEXT NOT NULL,
    "rightHash" TEXT NOT NULL,
    "judgeModel" TEXT NOT NULL,
    "promptVersion" TEXT NOT NULL,
    "match" BOOLEAN NOT NULL,
    "rationale" TEXT NOT NULL,
    "offline" BOOLEAN NOT NULL DEFAULT false,
    "inputTokens" INTEGER NOT NULL DEFAULT 0,
    "outputTokens" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "JudgeVerdict_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Match" (
    "id" TEXT NOT NULL,
    "findingId" TEXT NOT NULL,
    "referenceBugId" TEXT NOT NULL,
    "source" TEXT NOT NULL DEFAULT 'judge',

    CONSTRAINT "Match_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MatchOverride" (
    "id" TEXT NOT NULL,
    "findingContentHash" TEXT NOT NULL,
    "referenceHash" TEXT NOT NULL,
    "match" BOOLEAN NOT NULL,
    "reason" TEXT NOT NULL,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "verdictId" TEXT,

    CONSTRAINT "MatchOverride_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Score" (
    "id" TEXT NOT NULL,
    "submissionId" TEXT NOT NULL,
    "runId" TEXT,
    "kind" TEXT NOT NULL,
    "n" INTEGER NOT NULL DEFAULT 0,
    "scope" TEXT NOT NULL,
    "key" TEXT NOT NULL DEFAULT '',
    "recall" DOUBLE PRECISION NOT NULL,
    "precision" DOUBLE PRECISION NOT NULL,
    "f1" DOUBLE PRECISION NOT NULL,
    "matchedReferenceBugs" DOUBLE PRECISION NOT NULL,
    "referenceBugs" DOUBLE PRECISION NOT NULL,
    "matchedFindings" DOUBLE PRECISION NOT NULL,
    "findings" DOUBLE PRECISION NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Score_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JudgeUsage" (
    "id" TEXT NOT NULL,
    "submissionId" TEXT NOT NULL,
    "judgeModel" TEXT NOT NULL,
    "offlineJudge" BOOLEAN NOT NULL,
    "promptVersion" TEXT NOT NULL,
    "embeddingProvider" TEXT NOT NULL,
    "embeddingModel" TEXT NOT NULL,
    "thresholds" JSONB NOT NULL,
    "benchmarkVersion" TEXT NOT NULL,
    "comparedPairs" INTEGER NOT NULL,
    "keptPairs" INTEGER NOT NULL,
    "judgeCalls" INTEGER NOT NULL,
    "cachedVerdicts" INTEGER NOT NULL,
    "inputTokens" INTEGER NOT NULL,
    "outputTokens" INTEGER NOT NULL,
    "costUsd" DOUBLE PRECISION NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "JudgeUsage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Embedding" (
    "id" TEXT NOT NULL,
    "contentHash" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "dims" INTEGER NOT NULL,
    "vector" BYTEA NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Embedding_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PanelReview" (
    "id" TEXT NOT NULL,
    "findingId" TEXT NOT NULL,
    "tier" INTEGER NOT NULL DEFAULT 1,
    "judge" TEXT NOT NULL,
    "verdict" "PanelVerdictKind" NOT NULL,
    "reason" TEXT,
    "severity" "Severity",
    "confidence" TEXT,
    "rationale" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PanelReview_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BugTypeAttribution" (
    "id" TEXT NOT NULL,
    "subjectKind" TEXT NOT NULL,
    "subjectId" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "triggerLevel" INTEGER,
    "model" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BugTypeAttribution_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditRun" (
    "id" TEXT NOT NULL,
    "submissionId" TEXT,
    "benchmarkId" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "status" "AuditRunStatus" NOT NULL DEFAULT 'planned',
    "plan" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuditRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditLog" (
    "id" TEXT NOT NULL,
    "actorId" TEXT,
    "action" TEXT NOT NULL,
    "target" TEXT NOT NULL,
    "reason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuditLog_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Benchmark_slug_version_key" ON "Benchmark"("slug", "version");

-- CreateIndex
CREATE UNIQUE INDEX "Repository_benchmarkId_name_key" ON "Repository"("benchmarkId", "name");

-- CreateIndex
CREATE INDEX "ReferenceBug_contentHash_idx" ON "ReferenceBug"("contentHash");

-- CreateIndex
CREATE UNIQUE INDEX "ReferenceBug_repositoryId_externalId_key" ON "ReferenceBug"("repositoryId", "externalId");

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE UNIQUE INDEX "ApiToken_tokenHash_key" ON "ApiToken"("tokenHash");

-- CreateIndex
CREATE INDEX "Submission_benchmarkId_reviewStatus_idx" ON "Submission"("benchmarkId", "reviewStatus");

-- CreateIndex
CREATE INDEX "Submission_submitterId_idx" ON "Submission"("submitterId");

-- CreateIndex
CREATE UNIQUE INDEX "Run_submissionId_index_key" ON "Run"("submissionId", "index");

-- CreateIndex
CREATE INDEX "Finding_repositoryId_idx" ON "Finding"("repositoryId");

-- CreateIndex
CREATE INDEX "Finding_contentHash_idx" ON "Finding"("contentHash");

-- CreateIndex
CREATE UNIQUE INDEX "Finding_runId_ordinal_key" ON "Finding"("runId", "ordinal");

-- CreateIndex
CREATE INDEX "CandidatePair_referenceBugId_idx" ON "CandidatePair"("referenceBugId");

-- CreateIndex
CREATE UNIQUE INDEX "CandidatePair_findingId_referenceBugId_key" ON "CandidatePair"("findingId", "referenceBugId");

-- CreateIndex
CREATE INDEX "CrossRunPair_submissionId_idx" ON "CrossRunPair"("submissionId");

-- CreateIndex
CREATE UNIQUE INDEX "CrossRunPair_leftId_rightId_key" ON "CrossRunPair"("leftId", "rightId");

-- CreateIndex
CREATE UNIQUE INDEX "JudgeVerdict_leftHash_rightHash_judgeModel_promptVersion_key" ON "JudgeVerdict"("leftHash", "rightHash", "judgeModel", "promptVersion");

-- CreateIndex
CREATE INDEX "Match_referenceBugId_idx" ON "Match"("referenceBugId");

-- CreateIndex
CREATE UNIQUE INDEX "Match_findingId_referenceBugId_key" ON "Match"("findingId", "referenceBugId");

-- CreateIndex
CREATE UNIQUE INDEX "MatchOverride_findingContentHash_referenceHash_key" ON "MatchOverride"("findingContentHash", "referenceHash");

-- CreateIndex
CREATE INDEX "Score_submissionId_idx" ON "Score"("submissionId");

-- CreateIndex
CREATE UNIQUE INDEX "Score_submissionId_kind_runId_n_scope_key_key" ON "Score"("submissionId", "kind", "runId", "n", "scope", "key");

-- CreateIndex
CREATE UNIQUE INDEX "JudgeUsage_submissionId_key" ON "JudgeUsage"("submissionId");

-- CreateIndex
CREATE UNIQUE INDEX "Embedding_contentHash_kind_provider_model_key" ON "Embedding"("contentHash", "kind", "provider", "model");

-- CreateIndex
CREATE INDEX "PanelReview_findingId_idx" ON "PanelReview"("findingId");

-- CreateIndex
CREATE UNIQUE INDEX "BugTypeAttribution_subjectKind_subjectId_model_key" ON "BugTypeAttribution"("subjectKind", "subjectId", "model");

-- CreateIndex
CREATE UNIQUE INDEX "AuditRun_submissionId_key" ON "AuditRun"("submissionId");

-- CreateIndex
CREATE INDEX "AuditLog_createdAt_idx" ON "AuditLog"("createdAt");

-- AddForeignKey
ALTER TABLE "Repository" ADD CONSTRAINT "Repository_benchmarkId_fkey" FOREIGN KEY ("benchmarkId") REFERENCES "Benchmark"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReferenceBug" ADD CONSTRAINT "ReferenceBug_repositoryId_fkey" FOREIGN KEY ("repositoryId") REFERENCES "Repository"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiToken" ADD CONSTRAINT "ApiToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Submission" ADD CONSTRAINT "Submission_benchmarkId_fkey" FOREIGN KEY ("benchmarkId") REFERENCES "Benchmark"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Submission" ADD CONSTRAINT "Submission_submitterId_fkey" FOREIGN KEY ("submitterId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Run" ADD CONSTRAINT "Run_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Finding" ADD CONSTRAINT "Finding_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Finding" ADD CONSTRAINT "Finding_repositoryId_fkey" FOREIGN KEY ("repositoryId") REFERENCES "Repository"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CandidatePair" ADD CONSTRAINT "CandidatePair_findingId_fkey" FOREIGN KEY ("findingId") REFERENCES "Finding"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CandidatePair" ADD CONSTRAINT "CandidatePair_referenceBugId_fkey" FOREIGN KEY ("referenceBugId") REFERENCES "ReferenceBug"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CandidatePair" ADD CONSTRAINT "CandidatePair_verdictId_fkey" FOREIGN KEY ("verdictId") REFERENCES "JudgeVerdict"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CrossRunPair" ADD CONSTRAINT "CrossRunPair_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CrossRunPair" ADD CONSTRAINT "CrossRunPair_verdictId_fkey" FOREIGN KEY ("verdictId") REFERENCES "JudgeVerdict"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Match" ADD CONSTRAINT "Match_findingId_fkey" FOREIGN KEY ("findingId") REFERENCES "Finding"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Match" ADD CONSTRAINT "Match_referenceBugId_fkey" FOREIGN KEY ("referenceBugId") REFERENCES "ReferenceBug"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MatchOverride" ADD CONSTRAINT "MatchOverride_verdictId_fkey" FOREIGN KEY ("verdictId") REFERENCES "JudgeVerdict"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Score" ADD CONSTRAINT "Score_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Score" ADD CONSTRAINT "Score_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JudgeUsage" ADD CONSTRAINT "JudgeUsage_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PanelReview" ADD CONSTRAINT "PanelReview_findingId_fkey" FOREIGN KEY ("findingId") REFERENCES "Finding"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditRun" ADD CONSTRAINT "AuditRun_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditLog" ADD CONSTRAINT "AuditLog_actorId_fkey" FOREIGN KEY ("actorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
