import { AsyncLocalStorage } from "node:async_hooks";
import { log } from "../../lib/observability/log";

// A promise rejected with no handler anywhere (a library's stray chain, a bug) would, by Node's default, end the
// worker and every job it holds. Each job instead runs in a scope (AsyncLocalStorage, which the rejection's handler
// still sees): the rejection fails that job, through its ordinary failure rules, and the process goes on.

/** Thrown into the job whose code left a promise rejection unhandled. */
export class UnhandledInJobError extends Error {
  constructor(readonly reason: unknown) {
    super("a promise rejection inside the job was not handled");
  }
}

type Scope = { fail: (error: UnhandledInJobError) => void };
const scope = new AsyncLocalStorage<Scope>();

/** Runs `work` as one job: it fails when work rejects, or when a rejection inside it goes unhandled. */
export function runInJobScope<T>(work: () => Promise<T>): Promise<T> {
  let fail!: (error: UnhandledInJobError) => void;
  const failed = new Promise<never>((_, reject) => (fail = reject));
  return Promise.race([scope.run({ fail }, work), failed]);
}

/** The process's unhandledRejection handler: fails the job the rejection came from, else logs it. */
export function failJobOfRejection(reason: unknown): void {
  const job = scope.getStore();
  log.error({ err: reason, inJob: job !== undefined }, "unhandled promise rejection");
  job?.fail(new UnhandledInJobError(reason));
}
