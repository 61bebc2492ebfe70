-- CreateEnum
CREATE TYPE "DatasheetStatus" AS ENUM ('queued', 'running', 'done', 'failed');

-- AlterTable
ALTER TABLE "BenchmarkDatasheet" ADD COLUMN     "status" "DatasheetStatus" NOT NULL DEFAULT 'done',
ADD COLUMN     "token" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "error" TEXT,
ALTER COLUMN "inputHash" DROP NOT NULL,
ALTER COLUMN "datasheet" DROP NOT NULL;
