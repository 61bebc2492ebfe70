import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type Logger } from "pino";
import { env } from "../env";
import { processGlobals } from "../process-globals";

// One logger for the web server and the worker: JSON lines on stdout (one object per line, `level` as a name,
// `time` as ISO 8601), so an operator's collector can filter by field. Every line carries the context of the work it
// belongs to: the request id in the web server, the queue, job id and row id (submission, run or pass) in the
// worker; the context is kept in AsyncLocalStorage and added by pino's mixin, so callees need not pass it along.
// LOG_LEVEL sets the threshold.
export type LogContext = {
  requestId?: string;
  queue?: string;
  jobId?: string;
  submissionId?: string;
  runId?: string;
  passId?: string;
  datasheetId?: string;
  benchmarkId?: string;
  buildStageId?: string;
};

// The web server (server/server.ts) and Next's bundle of the route handlers load this module separately: the context
// store and the logger are kept on globalThis, so a request's id set by the server reaches the lines of its handler.
function createLogging() {
  const context = new AsyncLocalStorage<LogContext>();
  const log: Logger = pino({
    level: env.LOG_LEVEL,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin: () => ({ ...context.getStore() }),
  });
  return { context, log };
}

const globalForLog = processGlobals<{ probebenchLogging?: ReturnType<typeof createLogging> }>();
const { context, log } = (globalForLog.probebenchLogging ??= createLogging());
export { log };

/** Runs `fn` with `fields` added to every log line written inside it (nested contexts merge). */
export function withLogContext<T>(fields: LogContext, fn: () => T): T {
  return context.run({ ...context.getStore(), ...fields }, fn);
}
