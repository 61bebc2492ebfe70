-- AlterTable
ALTER TABLE "AuditRun" ADD COLUMN     "sandbox" JSONB;
