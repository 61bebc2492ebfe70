import { db } from "../../db";

/** Moves the submission's `updatedAt`: public pages are cached until their benchmark's stamp (the latest one) moves. */
export async function touchSubmission(submissionId: string): Promise<void> {
  await db.submission.update({ where: { id: submissionId }, data: { updatedAt: new Date() } });
}
