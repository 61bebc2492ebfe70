-- Model metadata a submitter may state on upload: the organisation behind the model, its licence and parameter count.
ALTER TABLE "Submission" ADD COLUMN "organisation" TEXT;
ALTER TABLE "Submission" ADD COLUMN "modelLicence" TEXT;
ALTER TABLE "Submission" ADD COLUMN "parameterCount" BIGINT;

-- The board's history reads the approvals and rejections of a version's entries by target.
CREATE INDEX "AuditLog_target_createdAt_idx" ON "AuditLog"("target", "createdAt");
