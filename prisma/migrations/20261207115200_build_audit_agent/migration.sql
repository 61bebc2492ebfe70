-- Every build stage records its prompt, cached and completion tokens beside its dollars, and the false-positive
-- audit, now an agent session, keeps the tool output a flag cites
ALTER TABLE "BenchmarkBuildStage" ADD COLUMN "inputTokens" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "BenchmarkBuildStage" ADD COLUMN "cachedInputTokens" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "BenchmarkBuildStage" ADD COLUMN "outputTokens" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "BenchmarkBuildCandidate" ADD COLUMN "auditCitedOutput" TEXT;
