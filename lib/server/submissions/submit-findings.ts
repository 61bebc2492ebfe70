import "server-only";
import {
  consumeRateLimit,
  rateLimitedError,
  releaseRateLimit,
  renewRateLimit,
  UPLOAD_SLOT_LEASE_SECONDS,
} from "../rate-limit/rate-limit";
import { AppError, parseOrThrow } from "../../errors";
import { sarifPaths } from "../../validation/sarif";
import { looksLikeSarifText } from "../../validation/sarif-log";
import { findBenchmark } from "../benchmarks/import-benchmark";
import { checkSubmissionFile, createSubmission } from "./create-submission";
import { getSubmissionQuota } from "./submission-quota";
import { countKnownPaths, unknownPathsWarning } from "../../validation/known-paths";
import { benchmarkKey } from "../../validation/benchmark-ref";
import { runsOf, type FindingsFile } from "../../validation/findings-file";
import { assertWithinQuota } from "./submission-quota";
import { reserveUploadBytes } from "./upload-budget";
import { sarifUploadQuerySchema, type SarifUploadQuery } from "../../validation/sarif-query";
import type { UploadOptions } from "../../contracts/submissions";
import { loadRepositoryFiles } from "./sarif-context";
import {
  assertKnownPaths,
  assertNotUploadedBefore,
  describeEarlierUpload,
  findEarlierUpload,
  uploadHash,
} from "./upload-checks";
import { parseFindingsBytes, parseSarifBytes } from "./upload-parse-client";
import { fileCaps } from "./file-caps";
import type { z } from "zod";
import type { createdSubmissionSchema, uploadValidationSchema } from "../../contracts/submissions";

/** The upload's bytes, and its format: a findings file, or a SARIF log with what it does not say (the query). */
export type UploadBody = {
  declaredBytes?: number;
  read: () => Promise<Uint8Array>;
  sarif?: SarifUploadQuery;
  // The query of an upload not declared as SARIF: read when its text turns out to be a SARIF log after all.
  query?: Record<string, string>;
  /** Checks the uploader turned off on purpose (a repeat of an earlier upload, paths naming no known file). */
  options?: UploadOptions;
};

export type SubmittedFindings = z.input<typeof createdSubmissionSchema>;
export type UploadValidation = z.input<typeof uploadValidationSchema>;

type SarifConversion = Awaited<ReturnType<typeof parseSarifBytes>>;

/** An upload checked in full and ready to store: the findings file (converted from SARIF where it was one). */
type CheckedUpload = {
  file: FindingsFile;
  sha256: string;
  snapshotFiles: ReadonlyMap<string, ReadonlySet<string>>;
  sarif?: { converted: SarifConversion; sources: SarifConversion["sources"] };
};

/**
 * An upload from a signed-in user or API token. Before the body is read: the daily quota, the user's uploads in
 * flight (at most UPLOADS_IN_FLIGHT_PER_USER across web instances) and this process's byte budget. Then the same
 * validation and storage as every submission, with the quota checked again under a lock as the row is inserted.
 */
export async function submitFindings(submitterId: string, body: UploadBody): Promise<SubmittedFindings> {
  await assertWithinQuota(submitterId);
  return withUploadSlot(submitterId, body.declaredBytes, async () => {
    const checked = await checkUpload(submitterId, body);
    const created = await namingSarifResults(checked, () =>
      createSubmission(checked.file, submitterId, { enforceQuota: true, uploadSha256: checked.sha256 }),
    );
    // Stored and scored as sent, but said as the dry run says it: a partly wrong path prefix scores low silently.
    const unknown = unknownPathsWarning(
      countKnownPaths(
        runsOf(checked.file).flatMap((r) => r.findings),
        checked.snapshotFiles,
      ),
    );
    const warnings = unknown ? [unknown] : [];
    return checked.sarif ? { ...created, ...sarifCounts(checked.sarif.converted), warnings } : { ...created, warnings };
  });
}

/**
 * A dry run of an upload (POST /api/v1/submissions/validate): every check of submitFindings, with the same refusals,
 * and nothing stored. No quota is used, and a used-up one is a warning rather than a refusal (the file is fine; the
 * upload would have to wait); the uploads-in-flight slot and the byte budget still count, as the work is the same.
 */
export async function validateUpload(submitterId: string, body: UploadBody): Promise<UploadValidation> {
  return withUploadSlot(submitterId, body.declaredBytes, async () => {
    const checked = await checkUpload(submitterId, body);
    const { benchmark, runs } = await namingSarifResults(checked, () => checkSubmissionFile(checked.file));
    const findings = runs.flatMap((r) => r.findings);
    const perRepo = new Map<string, number>();
    for (const f of findings) perRepo.set(f.repo, (perRepo.get(f.repo) ?? 0) + 1);
    const paths = countKnownPaths(findings, checked.snapshotFiles);
    const warnings: string[] = [];
    const unknown = unknownPathsWarning(paths);
    if (unknown) warnings.push(unknown);
    // Asked to allow a repeat, a real upload stores it: say so rather than refuse.
    const earlier =
      body.options?.allow_duplicate === "false" ? null : await findEarlierUpload(submitterId, checked.sha256);
    if (earlier) warnings.push(`${describeEarlierUpload(earlier)}; a real upload stores it again as a new entry`);
    const quota = await getSubmissionQuota(submitterId);
    if (quota.remaining <= 0)
      warnings.push(
        `Your daily upload quota (${quota.limit}) is used up${quota.resets_at ? ` until ${quota.resets_at}` : ""}: a real upload now would be refused (429)`,
      );
    return {
      dry_run: true,
      benchmark: benchmarkKey(benchmark),
      model: checked.file.model,
      findings: findings.length,
      runs: runs.length,
      repositories: [...perRepo]
        .map(([repo, n]) => ({ repo, findings: n }))
        .sort((a, b) => a.repo.localeCompare(b.repo)),
      known_paths: { checked: paths.checked, known: paths.known },
      ...(checked.sarif ? sarifCounts(checked.sarif.converted) : {}),
      warnings,
    };
  });
}

/** The user's upload slot and this process's byte budget, held while `work` runs. */
async function withUploadSlot<T>(submitterId: string, declaredBytes: number | undefined, work: () => Promise<T>) {
  const slotKey = `user:${submitterId}`;
  const slot = await consumeRateLimit("upload-in-flight", slotKey);
  if (!slot.allowed) {
    await releaseRateLimit("upload-in-flight", slotKey);
    throw rateLimitedError(
      "upload-in-flight",
      { ...slot, retryAfterSeconds: 10 },
      `You already have ${slot.limit} uploads in progress. Wait for one to finish, then try again.`,
    );
  }
  // The slot is a lease: renewed while this upload runs, so a web process killed mid-upload frees it one lease later.
  const renew = () => void renewRateLimit("upload-in-flight", slotKey);
  renew();
  const renewal = setInterval(renew, (UPLOAD_SLOT_LEASE_SECONDS * 1_000) / 3);
  try {
    const reservation = reserveUploadBytes(declaredBytes);
    try {
      return await work();
    } finally {
      reservation.release();
    }
  } finally {
    clearInterval(renewal);
    await releaseRateLimit("upload-in-flight", slotKey);
  }
}

/** Parse, shape, duplicate and known-path checks: everything before the file's benchmark and repositories. */
async function checkUpload(submitterId: string, body: UploadBody): Promise<CheckedUpload> {
  const options = body.options ?? {};
  if (body.sarif) return await checkSarif(submitterId, body.read, body.sarif, options);
  const bytes = await body.read();
  // The first 16 KB hold at least the 4,096 characters the check reads (a character is at most 4 bytes).
  if (looksLikeSarifText(new TextDecoder().decode(bytes.subarray(0, 16_384))))
    return await checkUndeclaredSarif(submitterId, bytes, body.query ?? {}, options);
  const sha256 = uploadHash(bytes);
  await assertNotUploadedBefore(submitterId, sha256, options);
  const file = await parseFindingsBytes(bytes, fileCaps());
  const benchmark = await findBenchmark(file.benchmark);
  // An unknown benchmark is refused by checkSubmissionFile, with the other names.
  const snapshotFiles = benchmark ? (await loadRepositoryFiles(benchmark.id)).snapshotFiles : new Map();
  assertKnownPaths(file, snapshotFiles, options);
  return { file, sha256, snapshotFiles };
}

/** SARIF uploads: results that were not imported, and paths mapped to repository files or kept as written. */
function sarifCounts(converted: SarifConversion) {
  return {
    skipped: { without_location: converted.skippedWithoutLocation },
    paths: { mapped: converted.mapped, unmapped: converted.unmapped },
  };
}

/** Unknown repositories of a SARIF log are named by the SARIF result they came from, not by a findings file the user never wrote. */
async function namingSarifResults<T>(checked: CheckedUpload, work: () => Promise<T>): Promise<T> {
  if (!checked.sarif) return work();
  try {
    return await work();
  } catch (error) {
    throw sarifPaths(error, checked.sarif.sources, checked.file.runs !== undefined);
  }
}

/**
 * A SARIF log sent as a findings file (`application/json`, as tools name their `.sarif.json` output): converted when
 * the query names the benchmark, else refused with what to send instead (not with the findings file's missing fields).
 */
async function checkUndeclaredSarif(
  submitterId: string,
  bytes: Uint8Array,
  query: Record<string, string>,
  options: UploadOptions,
): Promise<CheckedUpload> {
  if (!query.benchmark)
    throw new AppError("invalid_input", "This is a SARIF log, not a findings file", [
      {
        path: "(root)",
        message:
          "a SARIF 2.1.0 log: send it with Content-Type application/sarif+json and benchmark=slug@version in the query (CLI: probebench submit log.sarif --benchmark slug@version)",
      },
    ]);
  return checkSarif(submitterId, async () => bytes, parseOrThrow(sarifUploadQuerySchema, query, "The query"), options);
}

/**
 * A SARIF log converted to the findings it stands for (lib/validation/sarif.ts), then checked like a findings file.
 * The benchmark is looked up before the log is even read: a log for no benchmark costs nothing to refuse.
 */
async function checkSarif(
  submitterId: string,
  read: () => Promise<Uint8Array>,
  query: SarifUploadQuery,
  options: UploadOptions,
): Promise<CheckedUpload> {
  if (!query.benchmark)
    throw new AppError("invalid_input", "The SARIF upload names no benchmark", [
      { path: "benchmark", message: "required for a SARIF upload: pass benchmark=slug@version (CLI: --benchmark)" },
    ]);
  const benchmark = await findBenchmark(query.benchmark);
  if (!benchmark)
    throw new AppError("invalid_input", "The SARIF upload names an unknown benchmark", [
      { path: "benchmark", message: `unknown benchmark "${query.benchmark}"` },
    ]);
  const bytes = await read();
  const sha256 = uploadHash(bytes, query);
  await assertNotUploadedBefore(submitterId, sha256, options);
  const { context, snapshotFiles } = await loadRepositoryFiles(benchmark.id);
  const converted = await parseSarifBytes(bytes, query, context, fileCaps());
  assertKnownPaths(converted.file, snapshotFiles, options);
  return { file: converted.file, sha256, snapshotFiles, sarif: { converted, sources: converted.sources } };
}
