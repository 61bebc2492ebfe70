-- AlterTable
ALTER TABLE "Submission" ADD COLUMN     "scoringLeaseUntil" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "PanelRun" ADD COLUMN     "leaseUntil" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "AttributionRun" ADD COLUMN     "leaseUntil" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "ReferenceAttributionRun" ADD COLUMN     "leaseUntil" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "AuditRun" ADD COLUMN     "leaseUntil" TIMESTAMP(3),
ADD COLUMN     "startToken" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "AuditPass" ADD COLUMN     "leaseUntil" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "WebhookDelivery" ADD COLUMN     "leaseUntil" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "BenchmarkDatasheet" ADD COLUMN     "leaseUntil" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "JudgeTrial" ADD COLUMN     "leaseUntil" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "FixRankJob" (
    "id" TEXT NOT NULL,
    "benchmarkId" TEXT NOT NULL,
    "status" "AnalysisJobStatus" NOT NULL DEFAULT 'queued',
    "token" INTEGER NOT NULL DEFAULT 0,
    "leaseUntil" TIMESTAMP(3),
    "error" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FixRankJob_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "FixRankJob_benchmarkId_key" ON "FixRankJob"("benchmarkId");

-- AddForeignKey
ALTER TABLE "FixRankJob" ADD CONSTRAINT "FixRankJob_benchmarkId_fkey" FOREIGN KEY ("benchmarkId") REFERENCES "Benchmark"("id") ON DELETE CASCADE ON UPDATE CASCADE;
