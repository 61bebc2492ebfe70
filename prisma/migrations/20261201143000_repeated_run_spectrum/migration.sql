-- AlterTable
ALTER TABLE "Score" ADD COLUMN     "distinctFindings" DOUBLE PRECISION,
ADD COLUMN     "matchedDistinctFindings" DOUBLE PRECISION;

-- AlterTable
ALTER TABLE "JudgeUsage" ADD COLUMN     "prefilterVersion" TEXT NOT NULL DEFAULT '1',
ADD COLUMN     "withinRunCompared" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "withinRunKept" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "RunSpectrum" (
    "id" TEXT NOT NULL,
    "submissionId" TEXT NOT NULL,
    "n" INTEGER NOT NULL,
    "exactlyMatched" INTEGER NOT NULL,
    "exactlyUnmatched" INTEGER NOT NULL,
    "unionMatched" INTEGER NOT NULL,
    "unionUnmatched" INTEGER NOT NULL,

    CONSTRAINT "RunSpectrum_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "RunSpectrum_submissionId_n_key" ON "RunSpectrum"("submissionId", "n");

-- AddForeignKey
ALTER TABLE "RunSpectrum" ADD CONSTRAINT "RunSpectrum_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;
