-- CreateEnum
CREATE TYPE "PanelRunScope" AS ENUM ('first', 'all');

-- AlterTable
ALTER TABLE "PanelRun" ADD COLUMN     "runs" "PanelRunScope" NOT NULL DEFAULT 'first';

-- AlterTable
ALTER TABLE "PanelSample" ADD COLUMN     "pocRan" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "repositoryRead" BOOLEAN NOT NULL DEFAULT false;
