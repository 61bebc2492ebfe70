-- AlterTable
ALTER TABLE "PanelReview" ADD COLUMN     "poc" JSONB,
ADD COLUMN     "pocRan" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "sandboxed" BOOLEAN NOT NULL DEFAULT false;
