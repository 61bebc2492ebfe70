-- CreateEnum
CREATE TYPE "ReferenceVisibility" AS ENUM ('public', 'maintainers');

-- AlterTable
ALTER TABLE "Benchmark" ADD COLUMN     "referenceVisibility" "ReferenceVisibility" NOT NULL DEFAULT 'public';
