-- AlterTable
ALTER TABLE "ReferenceBug" ADD COLUMN     "fixedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Submission" ADD COLUMN     "knowledgeCutoff" TEXT;

-- CreateTable
CREATE TABLE "FixRankTest" (
    "id" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "submissionId" TEXT NOT NULL,
    "matched" INTEGER NOT NULL,
    "d" DOUBLE PRECISION,
    "at" DOUBLE PRECISION,
    "p" DOUBLE PRECISION,
    "pHolm" DOUBLE PRECISION,
    "holmFamily" INTEGER,
    "reason" TEXT,
    "permutations" INTEGER NOT NULL,
    "seed" INTEGER NOT NULL,
    "cdf" JSONB NOT NULL,
    "computedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FixRankTest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RepeatedRunFit" (
    "id" TEXT NOT NULL,
    "submissionId" TEXT NOT NULL,
    "fit" JSONB,
    "reason" TEXT,
    "computedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RepeatedRunFit_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "FixRankTest_runId_key" ON "FixRankTest"("runId");

-- CreateIndex
CREATE INDEX "FixRankTest_submissionId_idx" ON "FixRankTest"("submissionId");

-- CreateIndex
CREATE UNIQUE INDEX "RepeatedRunFit_submissionId_key" ON "RepeatedRunFit"("submissionId");

-- AddForeignKey
ALTER TABLE "FixRankTest" ADD CONSTRAINT "FixRankTest_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FixRankTest" ADD CONSTRAINT "FixRankTest_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RepeatedRunFit" ADD CONSTRAINT "RepeatedRunFit_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;
