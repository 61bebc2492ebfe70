import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "..", "..");

/** Node arguments for running one of our TypeScript entry points (worker, web server, scripts) through tsx. */
export const TSX_NODE_ARGS = ["--import", "tsx"];

/**
 * V8 flags of the scoring worker (also in package.json's `worker` and `bench:score` scripts; checked by
 * processes.test.ts), measured with bench:score at the Muse Spark shape (5 x 7,770 findings):
 * - `--max-semi-space-size=32`: with up to 256 judge calls in flight for 200 ms each, the default 16 MB young
 *   generation was collected every ~80 ms, so each call's request and reply objects outlived two collections and
 *   were promoted; the old generation grew by ~600 MB of garbage between full collections, which held the event loop
 *   up to 250 ms. With 64 MB they died young: garbage collection 87 s -> 25 s, no pause over 50 ms. Since the judge
 *   sends its own lean POST (lib/llm/judge-http.ts) a call leaves far less garbage, and 32 MB is enough; a scavenge of
 *   64 MB, while the submission loads and nearly everything stays live, held the loop 85-105 ms (one run, bench:score).
 * - `--heap-growing-percent=100`: V8 let the old generation grow to about four times what survived the last full
 *   collection before collecting again (265 MB live -> 1,030 MB in the write phase), which took the process's RSS
 *   past 2 GB. Twice is enough: full collections come more often, each pausing the loop for 10-25 ms.
 */
export const WORKER_V8_FLAGS = ["--max-semi-space-size=32", "--heap-growing-percent=100"];

/** Node arguments of a scoring worker process (TSX_NODE_ARGS plus WORKER_V8_FLAGS). */
export const WORKER_NODE_ARGS = [...TSX_NODE_ARGS, ...WORKER_V8_FLAGS];

/** Runs a command to completion, failing with its output when it exits non-zero. */
export function run(
  command: string,
  args: string[],
  opts: { env?: Record<string, string | undefined>; quiet?: boolean } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, ...opts.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d: Buffer) => {
      output += d.toString();
      if (!opts.quiet) process.stdout.write(d);
    });
    child.stderr.on("data", (d: Buffer) => {
      output += d.toString();
      if (!opts.quiet) process.stderr.write(d);
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${command} ${args.join(" ")} exited with ${code}\n${output.slice(-4000)}`)),
    );
  });
}

/** Starts a long-running process whose output goes to a log file (and optionally the console). */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  opts: { env?: Record<string, string | undefined>; logDir: string; echo?: boolean; detached?: boolean },
): ChildProcess {
  mkdirSync(opts.logDir, { recursive: true });
  const log = createWriteStream(path.join(opts.logDir, `${name}.log`), { flags: "w" });
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...opts.env },
    stdio: ["ignore", "pipe", "pipe"],
    // A service started detached has its own process group, so a signal to ours (Ctrl-C) does not stop it before
    // the processes that use it; its starter stops it last.
    detached: opts.detached ?? false,
  });
  const forward = (d: Buffer) => {
    log.write(d);
    if (opts.echo) process.stdout.write(`[${name}] ${d.toString().replace(/\n(?=.)/g, `\n[${name}] `)}`);
  };
  child.stdout?.on("data", forward);
  child.stderr?.on("data", forward);
  return child;
}

/** Polls a URL until it answers 2xx, or fails after the timeout naming the log to read. */
export async function waitForHttp(url: string, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not answer at ${url} within ${timeoutMs / 1000}s`);
}

export function stopProcess(child: ChildProcess | undefined, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

/** A port nobody listens on right now. */
export async function sparePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Builds the web app into `distDir` for a benchmark, or reuses a build there when BENCH_REUSE_BUILD=1. `next build`
 * adds its dist folder's types to tsconfig.json; a benchmark leaves the tree as it found it.
 */
export async function buildForBench(
  distDir: string,
  env: Record<string, string>,
  log: (msg: string) => void,
): Promise<void> {
  if (process.env.BENCH_REUSE_BUILD === "1" && existsSync(path.join(ROOT, distDir, "BUILD_ID"))) {
    log(`reusing the build in ${distDir}`);
    return;
  }
  const started = Date.now();
  log(`building into ${distDir} ...`);
  const tsconfig = readFileSync(path.join(ROOT, "tsconfig.json"), "utf8");
  try {
    await run("npx", ["next", "build"], { env: { ...env, NEXT_DIST_DIR: distDir }, quiet: true });
  } finally {
    writeFileSync(path.join(ROOT, "tsconfig.json"), tsconfig);
  }
  log(`built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
