import "server-only";
import { consumeRateLimit, rateLimitedError, releaseRateLimit } from "../rate-limit/rate-limit";
import { db } from "../../db";
import { parseFindingsTextYielding } from "../../validation/findings-file";
import { parseSarifTextYielding, sarifPaths } from "../../validation/sarif";
import { findBenchmark } from "../benchmarks/import-benchmark";
import { createSubmission } from "./create-submission";
import { assertWithinQuota } from "./submission-quota";
import { reserveUploadBytes } from "./upload-budget";
import { type SarifUploadQuery } from "../../contracts/submissions";
import type { z } from "zod";
import type { createdSubmissionSchema } from "../../contracts/submissions";

/** The upload's text, and its format: a findings file, or a SARIF log with what it does not say (the query). */
export type UploadBody = { declaredBytes?: number; read: () => Promise<string>; sarif?: SarifUploadQuery };

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
      if (body.sarif) return await submitSarif(submitterId, await body.read(), body.sarif);
      const file = await parseFindingsTextYielding(await body.read());
      return await createSubmission(file, submitterId, { enforceQuota: true });
    } finally {
      reservation.release();
    }
  } finally {
    await releaseRateLimit("upload-in-flight", slotKey);
  }
}

/** A SARIF log converted to the findings it stands for (lib/validation/sarif.ts), then stored like a findings file. */
async function submitSarif(submitterId: string, text: string, query: SarifUploadQuery): Promise<SubmittedFindings> {
  const benchmark = query.benchmark ? await findBenchmark(query.benchmark) : null;
  const known = benchmark
    ? (await db.repository.findMany({ where: { benchmarkId: benchmark.id }, select: { name: true } })).map(
        (r) => r.name,
      )
    : [];
  const { file, skippedWithoutLocation, sources } = await parseSarifTextYielding(text, query, known);
  try {
    const created = await createSubmission(file, submitterId, { enforceQuota: true });
    return { ...created, skipped: { without_location: skippedWithoutLocation } };
  } catch (error) {
    // Unknown repositories are named by the SARIF result they came from, not by a findings file the user never wrote.
    throw sarifPaths(error, sources, file.runs !== undefined);
  }
}
