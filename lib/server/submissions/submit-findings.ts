import { createSubmission, parseFindingsFile, type CreatedSubmission } from "./create-submission";
import { assertWithinQuota } from "./submission-quota";

/**
 * An upload from a signed-in user or API token: quota first (before the body is read), then the same validation
 * and storage as every submission, with the quota checked again under a lock as the row is inserted.
 */
export async function submitFindings(submitterId: string, readBody: () => Promise<string>): Promise<CreatedSubmission> {
  await assertWithinQuota(submitterId);
  const file = parseFindingsFile(await readBody());
  return createSubmission(file, submitterId, { enforceQuota: true });
}
