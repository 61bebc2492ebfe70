-- CreateTable
CREATE TABLE "RepositorySnapshot" (
    "id" TEXT NOT NULL,
    "repositoryId" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "storagePath" TEXT NOT NULL,
    "fileCount" INTEGER NOT NULL,
    "lines" INTEGER NOT NULL,
    "languages" JSONB NOT NULL,
    "image" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RepositorySnapshot_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PassPlan" (
    "id" TEXT NOT NULL,
    "snapshotId" TEXT NOT NULL,
    "plannerVersion" TEXT NOT NULL,
    "auditedFiles" INTEGER NOT NULL,
    "passes" INTEGER NOT NULL,
    "tokens" INTEGER NOT NULL,
    "plan" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PassPlan_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "RepositorySnapshot_repositoryId_key" ON "RepositorySnapshot"("repositoryId");

-- CreateIndex
CREATE INDEX "RepositorySnapshot_sha256_idx" ON "RepositorySnapshot"("sha256");

-- CreateIndex
CREATE UNIQUE INDEX "PassPlan_snapshotId_plannerVersion_key" ON "PassPlan"("snapshotId", "plannerVersion");

-- AddForeignKey
ALTER TABLE "RepositorySnapshot" ADD CONSTRAINT "RepositorySnapshot_repositoryId_fkey" FOREIGN KEY ("repositoryId") REFERENCES "Repository"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PassPlan" ADD CONSTRAINT "PassPlan_snapshotId_fkey" FOREIGN KEY ("snapshotId") REFERENCES "RepositorySnapshot"("id") ON DELETE CASCADE ON UPDATE CASCADE;
