import type { z } from "zod";
import { randomUUID } from "node:crypto";
import { db } from "../../db";
import { AppError } from "../../errors";
import { bugContentHash } from "../../validation/bug-content-hash";
import { withPgTransaction } from "../../pg-pool";
import { enqueueScoring } from "../../queue/scoring-queue";
import { IssueList, runsOf, type FindingsFile } from "../../validation/findings-file";
import { checkFileCaps } from "../../validation/file-caps";
import { fileCaps } from "./file-caps";
import { findBenchmark } from "../benchmarks/import-benchmark";
import { insertFindings, type FindingInsertRow } from "./insert-findings";
import { assertWithinQuotaLocked } from "./submission-quota";
import { bugTextOf } from "../../validation/common";
import { log } from "../../observability/log";
import type { createdSubmissionSchema } from "../../contracts/submissions";

/** What storing a findings file answers (the SARIF-only counts are added by the upload). */
export type CreatedSubmission = Omit<z.input<typeof createdSubmissionSchema>, "skipped" | "paths" | "warnings">;

/**
 * Stores a submission with its runs and findings in one transaction, then queues scoring with the submission id as
 * the job id. Nothing is stored from a file that fails validation, including unknown benchmark or repositories.
 */
export async function createSubmission(
  file: FindingsFile,
  submitterId: string | null,
  // enforceQuota: count the upload against the submitter's daily quota (web and API uploads; not in-house runs)
  // id: a caller-chosen id (an in-house run uses its own, so finishing the run twice cannot store two submissions)
  // uploadSha256: the upload's identity (upload-checks.ts), kept to recognise the same file sent again
  opts: { source?: "upload" | "in_house"; enforceQuota?: boolean; id?: string; uploadSha256?: string } = {},
): Promise<CreatedSubmission> {
  const { benchmark, repoIds, runs } = await checkSubmissionFile(file);
  const total = runs.reduce((n, run) => n + run.findings.length, 0);
  const costUsd =
    file.cost_usd ?? (file.runs ? runs.reduce((s, r) => s + (r.cost_usd ?? 0), 0) / runs.length : undefined);
  // Rows and their content hashes are made before the transaction, which then only writes.
  const prepared: FindingInsertRow[][] = [];
  for (const run of runs) {
    const rows: FindingInsertRow[] = [];
    for (const [ordinal, f] of run.findings.entries()) {
      const text = bugTextOf(f);
      rows.push({
        ...text,
        repositoryId: repoIds.get(f.repo)!,
        ordinal,
        externalId: f.id,
        severity: f.severity,
        confidence: f.confidence,
        suggestedFix: f.suggested_fix,
        category: f.category,
        trigger: f.trigger,
        contentHash: bugContentHash(text),
      });
      // Hashing 200,000 findings takes seconds: let the server answer other requests in between.
      if (ordinal % 500 === 499) await new Promise((resolve) => setImmediate(resolve));
    }
    prepared.push(rows);
  }
  // One transaction on a plain pg connection (lib/pg-pool.ts): nothing is stored unless everything is. Timestamps
  // are UTC, as Prisma writes them into these timezone-less columns.
  const submissionId = opts.id ?? randomUUID();
  await withPgTransaction(async (client) => {
    if (opts.enforceQuota && submitterId) await assertWithinQuotaLocked(client, submitterId);
    await client.query(
      `INSERT INTO "Submission" ("id", "benchmarkId", "submitterId", "model", "reasoningEffort", "harness", "costUsd", "reportUrl", "openModel", "organisation", "modelLicence", "parameterCount", "knowledgeCutoff", "source", "uploadSha256", "createdAt", "updatedAt")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::"SubmissionSource", $15, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC')`,
      [
        submissionId,
        benchmark.id,
        submitterId,
        file.model,
        file.reasoning_effort ?? null,
        file.harness ?? null,
        costUsd ?? null,
        file.report_url ?? null,
        file.open_model ?? null,
        file.organisation ?? null,
        file.model_licence ?? null,
        file.parameter_count ?? null,
        file.knowledge_cutoff ?? null,
        opts.source ?? "upload",
        opts.uploadSha256 ?? null,
      ],
    );
    for (const [index, run] of runs.entries()) {
      const runId = randomUUID();
      const runCost = run.cost_usd ?? (file.runs ? undefined : file.cost_usd);
      await client.query(`INSERT INTO "Run" ("id", "submissionId", "index", "costUsd") VALUES ($1, $2, $3, $4)`, [
        runId,
        submissionId,
        index,
        runCost ?? null,
      ]);
      await insertFindings(client, runId, prepared[index]!);
    }
  });
  // The row is committed before the job exists; if Redis is briefly down the worker re-queues it at start-up.
  await enqueueScoring(submissionId).catch((error) =>
    log.error({ err: error, submissionId }, "could not queue scoring"),
  );
  return { id: submissionId, status: "queued", findings: total, runs: runs.length };
}

/**
 * The checks a findings file passes before anything is stored: its benchmark version exists, it stays within the
 * file caps, and every finding names a repository of that version. Shared by a real upload and a dry run, so both
 * refuse with the same words.
 */
export async function checkSubmissionFile(file: FindingsFile) {
  const benchmark = await findBenchmark(file.benchmark);
  if (!benchmark) {
    throw new AppError("invalid_input", "The findings file names an unknown benchmark", [
      { path: "benchmark", message: `unknown benchmark "${file.benchmark}"` },
    ]);
  }
  const repositories = await db.repository.findMany({
    where: { benchmarkId: benchmark.id },
    select: { id: true, name: true },
  });
  const repoIds = new Map(repositories.map((r) => [r.name, r.id]));
  const runs = runsOf(file);
  checkFileCaps(runs, file.runs !== undefined, fileCaps());
  const unknown = new IssueList();
  runs.forEach((run, r) => {
    run.findings.forEach((finding, f) => {
      if (repoIds.has(finding.repo)) return;
      const path = file.runs ? `runs[${r}].findings[${f}].repo` : `findings[${f}].repo`;
      unknown.add({
        path,
        message: `unknown repository "${finding.repo}" in benchmark ${benchmark.slug}@${benchmark.version}`,
      });
    });
  });
  if (unknown.total)
    throw new AppError(
      "invalid_input",
      "The findings file names repositories that are not in the benchmark",
      unknown.listed(),
    );

  return { benchmark, repoIds, runs };
}
