-- Judge trials: one queued or running trial per benchmark version, held by the database (a check then an insert let
-- parallel requests each pass the check), and the judge calls each trial reserved, so the spend budget counts every
-- trial running at once together.

ALTER TABLE "JudgeTrial" ADD COLUMN "plannedCalls" INTEGER NOT NULL DEFAULT 0;

-- Trials that raced in before the index: the oldest active one of a version stays, the others fail.
UPDATE "JudgeTrial" t
SET status = 'failed', error = 'Another trial of this version was already running.', "updatedAt" = now()
WHERE t.status IN ('queued', 'running')
  AND EXISTS (
    SELECT 1 FROM "JudgeTrial" o
    WHERE o."benchmarkId" = t."benchmarkId" AND o.status IN ('queued', 'running')
      AND (o."createdAt", o.id) < (t."createdAt", t.id)
  );

CREATE UNIQUE INDEX "JudgeTrial_one_active_per_benchmark" ON "JudgeTrial" ("benchmarkId")
WHERE status IN ('queued', 'running');
