-- AlterTable
ALTER TABLE "Repository" ADD COLUMN     "referenceBugCount" INTEGER;
