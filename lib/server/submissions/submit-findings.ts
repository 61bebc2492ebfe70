import "server-only";
import { consumeRateLimit, rateLimitedError, releaseRateLimit } from "../rate-limit/rate-limit";
import { AppError, parseOrThrow } from "../../errors";
import { looksLikeSarifText, sarifPaths } from "../../validation/sarif";
import { findBenchmark } from "../benchmarks/import-benchmark";
import { createSubmission } from "./create-submission";
import { assertWithinQuota } from "./submission-quota";
import { reserveUploadBytes } from "./upload-budget";
import { sarifUploadQuerySchema, type SarifUploadQuery } from "../../validation/sarif-query";
import type { UploadOptions } from "../../contracts/submissions";
import { loadRepositoryFiles } from "./sarif-context";
import { assertKnownPaths, assertNotUploadedBefore, uploadHash } from "./upload-checks";
import { parseFindingsBytes, parseSarifBytes } from "./upload-parse-client";
import { fileCaps } from "./file-caps";
import type { z } from "zod";
import type { createdSubmissionSchema } from "../../contracts/submissions";

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

/**
 * An upload from a signed-in user or API token. Before the body is read: the daily quota, the user's uploads in
 * flight (at most UPLOADS_IN_FLIGHT_PER_USER across web instances) and this process's byte budget. Then the same
 * validation and storage as every submission, with the quota checked again under a lock as the row is inserted.
 */
export async function submitFindings(submitterId: string, body: UploadBody): Promise<SubmittedFindings> {
  await assertWithinQuota(submitterId);
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
  try {
    const reservation = reserveUploadBytes(body.declaredBytes);
    try {
      const options = body.options ?? {};
      if (body.sarif) return await submitSarif(submitterId, body.read, body.sarif, options);
      const bytes = await body.read();
      // The first 16 KB hold at least the 4,096 characters the check reads (a character is at most 4 bytes).
      if (looksLikeSarifText(new TextDecoder().decode(bytes.subarray(0, 16_384))))
        return await submitUndeclaredSarif(submitterId, bytes, body.query ?? {}, options);
      const sha256 = uploadHash(bytes);
      await assertNotUploadedBefore(submitterId, sha256, options);
      const file = await parseFindingsBytes(bytes, fileCaps());
      const benchmark = await findBenchmark(file.benchmark);
      // An unknown benchmark is refused by createSubmission, with the other names.
      if (benchmark) assertKnownPaths(file, (await loadRepositoryFiles(benchmark.id)).snapshotFiles, options);
      return await createSubmission(file, submitterId, { enforceQuota: true, uploadSha256: sha256 });
    } finally {
      reservation.release();
    }
  } finally {
    await releaseRateLimit("upload-in-flight", slotKey);
  }
}

/**
 * A SARIF log sent as a findings file (`application/json`, as tools name their `.sarif.json` output): converted when
 * the query names the benchmark, else refused with what to send instead (not with the findings file's missing fields).
 */
async function submitUndeclaredSarif(
  submitterId: string,
  bytes: Uint8Array,
  query: Record<string, string>,
  options: UploadOptions,
): Promise<SubmittedFindings> {
  if (!query.benchmark)
    throw new AppError("invalid_input", "This is a SARIF log, not a findings file", [
      {
        path: "(root)",
        message:
          "a SARIF 2.1.0 log: send it with Content-Type application/sarif+json and benchmark=slug@version in the query (CLI: probebench submit log.sarif --benchmark slug@version)",
      },
    ]);
  return submitSarif(submitterId, async () => bytes, parseOrThrow(sarifUploadQuerySchema, query, "The query"), options);
}

/**
 * A SARIF log converted to the findings it stands for (lib/validation/sarif.ts), then stored like a findings file.
 * The benchmark is looked up before the log is even read: a log for no benchmark costs nothing to refuse.
 */
async function submitSarif(
  submitterId: string,
  read: () => Promise<Uint8Array>,
  query: SarifUploadQuery,
  options: UploadOptions,
): Promise<SubmittedFindings> {
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
  const { file, sources } = converted;
  assertKnownPaths(file, snapshotFiles, options);
  try {
    const created = await createSubmission(file, submitterId, { enforceQuota: true, uploadSha256: sha256 });
    return {
      ...created,
      skipped: { without_location: converted.skippedWithoutLocation },
      paths: { mapped: converted.mapped, unmapped: converted.unmapped },
    };
  } catch (error) {
    // Unknown repositories are named by the SARIF result they came from, not by a findings file the user never wrote.
    throw sarifPaths(error, sources, file.runs !== undefined);
  }
}
