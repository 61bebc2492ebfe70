-- AlterTable
ALTER TABLE "Submission" ADD COLUMN "uploadSha256" TEXT;

-- CreateIndex
CREATE INDEX "Submission_submitterId_uploadSha256_idx" ON "Submission"("submitterId", "uploadSha256");
