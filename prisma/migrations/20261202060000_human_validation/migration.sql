-- CreateEnum
CREATE TYPE "PairLabelValue" AS ENUM ('same', 'different', 'debatable');

-- CreateEnum
CREATE TYPE "LabelPairStratum" AS ENUM ('judged_match', 'judged_no_match', 'filtered_out');

-- CreateEnum
CREATE TYPE "HumanGrade" AS ENUM ('confirmed', 'rejected', 'unsure');

-- CreateEnum
CREATE TYPE "ReferenceAuditValue" AS ENUM ('valid', 'invalid', 'unsure');

-- CreateTable
CREATE TABLE "LabelSample" (
    "id" TEXT NOT NULL,
    "benchmarkId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "seed" TEXT NOT NULL,
    "requested" INTEGER NOT NULL,
    "shares" JSONB NOT NULL,
    "drawn" JSONB NOT NULL,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LabelSample_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LabelPair" (
    "id" TEXT NOT NULL,
    "sampleId" TEXT NOT NULL,
    "benchmarkId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "stratum" "LabelPairStratum" NOT NULL,
    "submissionId" TEXT NOT NULL,
    "leftFindingId" TEXT NOT NULL,
    "rightFindingId" TEXT,
    "referenceBugId" TEXT,
    "leftHash" TEXT NOT NULL,
    "rightHash" TEXT NOT NULL,
    "prefilterVersion" TEXT NOT NULL,
    "embedder" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LabelPair_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PairLabel" (
    "id" TEXT NOT NULL,
    "pairId" TEXT NOT NULL,
    "labelerId" TEXT NOT NULL,
    "label" "PairLabelValue" NOT NULL,
    "note" TEXT,
    "afterReveal" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PairLabel_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PanelGrade" (
    "id" TEXT NOT NULL,
    "sampleId" TEXT NOT NULL,
    "graderId" TEXT NOT NULL,
    "grade" "HumanGrade" NOT NULL,
    "note" TEXT,
    "afterReveal" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PanelGrade_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReferenceAudit" (
    "id" TEXT NOT NULL,
    "benchmarkId" TEXT NOT NULL,
    "seed" TEXT NOT NULL,
    "requested" INTEGER NOT NULL,
    "perRepository" JSONB NOT NULL,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReferenceAudit_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReferenceAuditItem" (
    "id" TEXT NOT NULL,
    "auditId" TEXT NOT NULL,
    "referenceBugId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "ReferenceAuditItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReferenceAuditMark" (
    "id" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,
    "auditorId" TEXT NOT NULL,
    "mark" "ReferenceAuditValue" NOT NULL,
    "reason" TEXT NOT NULL,
    "afterReveal" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReferenceAuditMark_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "LabelPair_sampleId_idx" ON "LabelPair"("sampleId");

-- CreateIndex
CREATE UNIQUE INDEX "LabelPair_benchmarkId_kind_leftHash_rightHash_key" ON "LabelPair"("benchmarkId", "kind", "leftHash", "rightHash");

-- CreateIndex
CREATE INDEX "PairLabel_pairId_labelerId_idx" ON "PairLabel"("pairId", "labelerId");

-- CreateIndex
CREATE INDEX "PanelGrade_sampleId_graderId_idx" ON "PanelGrade"("sampleId", "graderId");

-- CreateIndex
CREATE UNIQUE INDEX "ReferenceAuditItem_auditId_referenceBugId_key" ON "ReferenceAuditItem"("auditId", "referenceBugId");

-- CreateIndex
CREATE INDEX "ReferenceAuditMark_itemId_auditorId_idx" ON "ReferenceAuditMark"("itemId", "auditorId");

-- AddForeignKey
ALTER TABLE "LabelSample" ADD CONSTRAINT "LabelSample_benchmarkId_fkey" FOREIGN KEY ("benchmarkId") REFERENCES "Benchmark"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LabelPair" ADD CONSTRAINT "LabelPair_sampleId_fkey" FOREIGN KEY ("sampleId") REFERENCES "LabelSample"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LabelPair" ADD CONSTRAINT "LabelPair_leftFindingId_fkey" FOREIGN KEY ("leftFindingId") REFERENCES "Finding"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LabelPair" ADD CONSTRAINT "LabelPair_rightFindingId_fkey" FOREIGN KEY ("rightFindingId") REFERENCES "Finding"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LabelPair" ADD CONSTRAINT "LabelPair_referenceBugId_fkey" FOREIGN KEY ("referenceBugId") REFERENCES "ReferenceBug"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PairLabel" ADD CONSTRAINT "PairLabel_pairId_fkey" FOREIGN KEY ("pairId") REFERENCES "LabelPair"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PanelGrade" ADD CONSTRAINT "PanelGrade_sampleId_fkey" FOREIGN KEY ("sampleId") REFERENCES "PanelSample"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReferenceAudit" ADD CONSTRAINT "ReferenceAudit_benchmarkId_fkey" FOREIGN KEY ("benchmarkId") REFERENCES "Benchmark"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReferenceAuditItem" ADD CONSTRAINT "ReferenceAuditItem_auditId_fkey" FOREIGN KEY ("auditId") REFERENCES "ReferenceAudit"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReferenceAuditItem" ADD CONSTRAINT "ReferenceAuditItem_referenceBugId_fkey" FOREIGN KEY ("referenceBugId") REFERENCES "ReferenceBug"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReferenceAuditMark" ADD CONSTRAINT "ReferenceAuditMark_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "ReferenceAuditItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;
