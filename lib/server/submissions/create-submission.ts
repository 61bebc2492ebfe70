import { db } from "../../db";
import { AppError, type FieldIssue, parseOrThrow } from "../../errors";
import { bugContentHash } from "../../hash";
import { enqueueScoring } from "../../queue/queues";
import { checkFileCaps } from "./file-caps";
import { findingsFileSchema, runsOf, type FindingsFile } from "../../validation/findings-file";
import { parseJsonText } from "../../validation/parse-json";
import { findBenchmark } from "../benchmarks/import-benchmark";
import { assertWithinQuotaLocked } from "./submission-quota";

export type CreatedSubmission = { id: string; status: "queued"; findings: number; runs: number };

/** Parses and validates a findings file's text; every problem is reported with its JSON path. */
export function parseFindingsFile(text: string): FindingsFile {
  return parseOrThrow(findingsFileSchema, parseJsonText(text, "The findings file"), "The findings file");
}

/**
 * Stores a submission with its runs and findings in one transaction, then queues scoring with the submission id as
 * the job id. Nothing is stored from a file that fails validation, including unknown benchmark or repositories.
 */
export async function createSubmission(
  file: FindingsFile,
  submitterId: string | null,
  // enforceQuota: count the upload against the submitter's daily quota (web and API uploads; not in-house runs)
  opts: { source?: "upload" | "in_house"; enforceQuota?: boolean } = {},
): Promise<CreatedSubmission> {
  const benchmark = await findBenchmark(file.benchmark);
  if (!benchmark) {
    throw new AppError("invalid_input", "The findings file names an unknown benchmark", [
      { path: "benchmark", message: `unknown benchmark "${file.benchmark}"` },
    ]);
  }
  const repositories = await db.repository.findMany({ where: { benchmarkId: benchmark.id }, select: { id: true, name: true } });
  const repoIds = new Map(repositories.map((r) => [r.name, r.id]));
  const runs = runsOf(file);
  checkFileCaps(runs, file.runs !== undefined);
  const issues: FieldIssue[] = [];
  runs.forEach((run, r) => {
    run.findings.forEach((finding, f) => {
      if (!repoIds.has(finding.repo) && issues.length < 200) {
        const path = file.runs ? `runs[${r}].findings[${f}].repo` : `findings[${f}].repo`;
        issues.push({ path, message: `unknown repository "${finding.repo}" in benchmark ${benchmark.slug}@${benchmark.version}` });
      }
    });
  });
  if (issues.length) throw new AppError("invalid_input", "The findings file names repositories that are not in the benchmark", issues);

  const total = runs.reduce((n, run) => n + run.findings.length, 0);
  const costUsd = file.cost_usd ?? (file.runs ? runs.reduce((s, r) => s + (r.cost_usd ?? 0), 0) / runs.length : undefined);
  const submission = await db.$transaction(
    async (tx) => {
      if (opts.enforceQuota && submitterId) await assertWithinQuotaLocked(tx, submitterId);
      const created = await tx.submission.create({
        data: {
          benchmarkId: benchmark.id,
          submitterId,
          model: file.model,
          reasoningEffort: file.reasoning_effort,
          harness: file.harness,
          costUsd,
          reportUrl: file.report_url,
          openModel: file.open_model,
          source: opts.source ?? "upload",
        },
      });
      for (const [index, run] of runs.entries()) {
        const runRow = await tx.run.create({ data: { submissionId: created.id, index, costUsd: run.cost_usd ?? (file.runs ? undefined : file.cost_usd) } });
        const rows = run.findings.map((f, ordinal) => {
          const text = {
            file: f.file,
            lineStart: f.line_start,
            lineEnd: f.line_end,
            title: f.title,
            description: f.description,
            codeSnippet: f.code_snippet ?? "",
          };
          return {
            ...text,
            runId: runRow.id,
            repositoryId: repoIds.get(f.repo)!,
            ordinal,
            externalId: f.id,
            severity: f.severity,
            confidence: f.confidence,
            suggestedFix: f.suggested_fix,
            category: f.category,
            trigger: f.trigger,
            contentHash: bugContentHash(text),
          };
        });
        for (let i = 0; i < rows.length; i += 2_000) await tx.finding.createMany({ data: rows.slice(i, i + 2_000) });
      }
      return created;
    },
    { timeout: 120_000 },
  );
  // The row is committed before the job exists; if Redis is briefly down the worker re-queues it at start-up.
  await enqueueScoring(submission.id).catch((error) => console.error("Could not queue scoring for", submission.id, error));
  return { id: submission.id, status: "queued", findings: total, runs: runs.length };
}
