/**
 * Thrown by a fenced write when a later claim took the row over (a lapsed BullMQ lock handed the job to a second
 * worker): the attempt stops without writing anything more. The one error of the job lifecycle (run-claimed-job.ts).
 */
export class LostClaimError extends Error {
  constructor(what: string) {
    super(`${what} was claimed by a later attempt`);
    this.name = "LostClaimError";
  }
}
