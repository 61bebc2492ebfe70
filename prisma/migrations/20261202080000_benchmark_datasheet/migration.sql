-- AlterTable
ALTER TABLE "Benchmark" ADD COLUMN     "pipeline" JSONB,
ADD COLUMN     "referenceWindowEnd" DATE;

-- AlterTable
ALTER TABLE "Repository" ADD COLUMN     "commitCount" INTEGER,
ADD COLUMN     "fixCommitCount" INTEGER,
ADD COLUMN     "testCount" INTEGER;

-- AlterTable
ALTER TABLE "ReferenceBug" ADD COLUMN     "fixCommit" TEXT;

-- AlterTable
ALTER TABLE "PassPlan" ADD COLUMN     "auditedLines" INTEGER;

-- CreateTable
CREATE TABLE "FixCommit" (
    "id" TEXT NOT NULL,
    "repositoryId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "sha" TEXT NOT NULL,
    "committedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FixCommit_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BenchmarkDatasheet" (
    "id" TEXT NOT NULL,
    "benchmarkId" TEXT NOT NULL,
    "inputHash" TEXT NOT NULL,
    "datasheet" JSONB NOT NULL,
    "computedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BenchmarkDatasheet_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "FixCommit_repositoryId_position_key" ON "FixCommit"("repositoryId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "FixCommit_repositoryId_sha_key" ON "FixCommit"("repositoryId", "sha");

-- CreateIndex
CREATE UNIQUE INDEX "BenchmarkDatasheet_benchmarkId_key" ON "BenchmarkDatasheet"("benchmarkId");

-- AddForeignKey
ALTER TABLE "FixCommit" ADD CONSTRAINT "FixCommit_repositoryId_fkey" FOREIGN KEY ("repositoryId") REFERENCES "Repository"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BenchmarkDatasheet" ADD CONSTRAINT "BenchmarkDatasheet_benchmarkId_fkey" FOREIGN KEY ("benchmarkId") REFERENCES "Benchmark"("id") ON DELETE CASCADE ON UPDATE CASCADE;
