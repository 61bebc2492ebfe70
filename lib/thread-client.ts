import { Worker } from "node:worker_threads";

// The one way the app's processes start a worker thread that runs TypeScript (the web server's upload parse threads,
// lib/server/submissions/upload-parse-client.ts; the scoring worker's prefilter thread,
// worker/features/scoring/prefilter-client.ts), and the client side both keep: jobs numbered by the caller, each
// waiting for its replies, all of them failed with the reason when the thread fails or exits. What a reply means and
// when a thread is reused stay with the caller.

// A worker's entry is loaded before any --import of its execArgv takes effect, so this bootstrap registers tsx's
// loader and then imports the entry. tsx's ESM API comes as a URL, or is found from a project folder by its package's
// exports (the web server's bundle has no module URL to resolve from; the CommonJS build of that API cannot register
// from an eval'd thread).
const BOOTSTRAP = `
const { workerData } = require("node:worker_threads");
const { createRequire } = require("node:module");
const path = require("node:path");
const { pathToFileURL } = require("node:url");
function tsxApi() {
  if (workerData.tsx) return workerData.tsx;
  const manifest = createRequire(path.join(workerData.root, "package.json")).resolve("tsx/package.json");
  return pathToFileURL(path.join(path.dirname(manifest), require(manifest).exports["./esm/api"].import.default)).href;
}
import(tsxApi()).then(({ register }) => { register(); return import(workerData.entry); });
`;

/** A job waiting for its thread: failed with the reason when the thread fails or exits. */
export type ThreadJob = { reject: (error: Error) => void };

export type ThreadClient<Job extends ThreadJob> = { worker: Worker; pending: Map<number, Job> };

export type ThreadOptions<Reply, Job extends ThreadJob> = {
  /** The thread as errors name it ("the prefilter thread"). */
  name: string;
  /** The file URL of the thread's TypeScript entry. */
  entry: string;
  /** Where tsx's ESM API is: its URL, or the project folder it is found from. */
  tsx: { url: string } | { root: string };
  /** The thread's heap bound (resourceLimits.maxOldGenerationSizeMb); Node's default without it. */
  heapMb?: number;
  onMessage: (reply: Reply, client: ThreadClient<Job>) => void;
  /** The error the thread's jobs fail with when it fails (else "<name> failed: <message>"). */
  failure?: (error: Error & { code?: string }) => Error | undefined;
  /** Called once the thread failed or exited and its jobs were failed: forget it, wake who waits for one. */
  onFail?: () => void;
};

/** Starts a TypeScript worker thread that never holds the process open. */
export function startThread<Reply, Job extends ThreadJob>(options: ThreadOptions<Reply, Job>): ThreadClient<Job> {
  const tsx = "url" in options.tsx ? { tsx: options.tsx.url } : { root: options.tsx.root };
  const worker = new Worker(BOOTSTRAP, {
    eval: true,
    workerData: { entry: options.entry, ...tsx },
    ...(options.heapMb ? { resourceLimits: { maxOldGenerationSizeMb: options.heapMb } } : {}),
  });
  // An idle or kept thread never holds the process open.
  worker.unref();
  const client: ThreadClient<Job> = { worker, pending: new Map() };
  const fail = (error: Error) => {
    for (const job of client.pending.values()) job.reject(error);
    client.pending.clear();
    options.onFail?.();
  };
  worker.on("message", (reply: Reply) => options.onMessage(reply, client));
  worker.on("error", (error: Error & { code?: string }) =>
    fail(options.failure?.(error) ?? new Error(`${options.name} failed: ${error.message}`)),
  );
  worker.on("exit", (code) => fail(new Error(`${options.name} exited with code ${code}`)));
  return client;
}
