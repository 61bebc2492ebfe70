-- AlterTable
ALTER TABLE "LabelSample" ADD COLUMN "population" JSONB;

-- AlterTable
ALTER TABLE "FixRankTest" ADD COLUMN "holmKnown" INTEGER;
