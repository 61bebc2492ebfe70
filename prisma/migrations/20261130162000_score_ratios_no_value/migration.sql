-- AlterTable
ALTER TABLE "Score" ALTER COLUMN "recall" DROP NOT NULL,
ALTER COLUMN "precision" DROP NOT NULL,
ALTER COLUMN "f1" DROP NOT NULL;

-- Scores stored before this change hold 0 where a denominator is empty. They become NULL (no value) like new ones.
UPDATE "Score" SET "precision" = NULL WHERE "findings" = 0;
UPDATE "Score" SET "recall" = NULL WHERE "referenceBugs" = 0;
UPDATE "Score" SET "f1" = NULL WHERE "findings" = 0 OR "referenceBugs" = 0;
