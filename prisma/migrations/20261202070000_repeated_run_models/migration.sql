-- AlterTable
ALTER TABLE "RepeatedRunFit" ADD COLUMN     "models" JSONB;
