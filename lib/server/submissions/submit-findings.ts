import { consumeRateLimit, rateLimitedError, releaseRateLimit } from "../rate-limit/rate-limit";
import { parseFindingsTextYielding } from "../../validation/findings-file";
import { createSubmission, type CreatedSubmission } from "./create-submission";
import { assertWithinQuota } from "./submission-quota";
import { reserveUploadBytes } from "./upload-budget";

export type UploadBody = { declaredBytes?: number; read: () => Promise<string> };

/**
 * An upload from a signed-in user or API token. Before the body is read: the daily quota, the user's uploads in
 * flight (at most UPLOADS_IN_FLIGHT_PER_USER across web instances) and this process's byte budget. Then the same
 * validation and storage as every submission, with the quota checked again under a lock as the row is inserted.
 */
export async function submitFindings(submitterId: string, body: UploadBody): Promise<CreatedSubmission> {
  await assertWithinQuota(submitterId);
  const slotKey = `user:${submitterId}`;
  const slot = await consumeRateLimit("upload-in-flight", slotKey);
  if (!slot.allowed) {
    await releaseRateLimit("upload-in-flight", slotKey);
    throw rateLimitedError("upload-in-flight", { ...slot, retryAfterSeconds: 10 }, `You already have ${slot.limit} uploads in progress. Wait for one to finish, then try again.`);
  }
  try {
    const reservation = reserveUploadBytes(body.declaredBytes);
    try {
      const file = await parseFindingsTextYielding(await body.read());
      return await createSubmission(file, submitterId, { enforceQuota: true });
    } finally {
      reservation.release();
    }
  } finally {
    await releaseRateLimit("upload-in-flight", slotKey);
  }
}
