/**
 * A failure of a job's own that no retry can fix (the submission is not scored, the benchmark has no taxonomy, the
 * embedding provider returned a broken vector, pairs stayed undecided). `userMessage` is shown on the job's row as it
 * is, so it names what is wrong and holds nothing internal; `detail` goes to the log only. The job lifecycle's other
 * error is LostClaimError (lost-claim.ts); the classifier (classify-job-error.ts) records this one without a retry.
 */
export class PermanentJobError extends Error {
  constructor(
    readonly userMessage: string,
    readonly detail?: string,
  ) {
    super(detail ? `${userMessage} (${detail})` : userMessage);
    this.name = "PermanentJobError";
  }
}
