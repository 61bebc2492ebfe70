import type { ChildProcess } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { TSX_NODE_ARGS, buildForBench, sparePort, startProcess, stopProcess, waitForHttp } from "./processes";

// The web server a bench measures: server/server.ts from the bench's own build, on a spare port, with
// scripts/lib/loop-delay-probe.mjs writing the event loop's delay to a file (a line every 100 ms).

/**
 * Builds the web app into `distDir` (or reuses it), starts it as `<name>-web` in production mode with rate limits no
 * bench reaches (`env` adds to them) and waits until /api/health answers; a server that never answers is stopped
 * before the error is thrown.
 */
export async function startBenchWeb(
  name: string,
  benchEnv: Record<string, string>,
  opts: { distDir: string; logDir: string; loopDelayFile: string; log: (msg: string) => void },
): Promise<{ web: ChildProcess; base: string }> {
  const env = {
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    NEXT_DIST_DIR: opts.distDir,
    RATE_LIMIT_API_WRITES: "1000",
    RATE_LIMIT_PUBLIC_READS: "100000",
    RATE_LIMIT_API_READS: "100000",
    ...benchEnv,
  };
  await buildForBench(opts.distDir, env, opts.log);
  const port = await sparePort();
  const base = `http://127.0.0.1:${port}`;
  rmSync(opts.loopDelayFile, { force: true });
  const args = [...TSX_NODE_ARGS, "--import", "./scripts/lib/loop-delay-probe.mjs", "server/server.ts"];
  const web = startProcess(`${name}-web`, process.execPath, args, {
    env: { ...env, PORT: String(port), HOST: "127.0.0.1", LOOP_DELAY_FILE: opts.loopDelayFile },
    logDir: opts.logDir,
  });
  try {
    await waitForHttp(`${base}/api/health`, 60_000, "The web server");
  } catch (error) {
    await stopProcess(web);
    throw error;
  }
  return { web, base };
}

/** The longest event-loop delay the server wrote to `loopDelayFile` between two times. */
export function loopDelayBetween(loopDelayFile: string, from: number, to: number): number {
  let longest = 0;
  for (const line of readFileSync(loopDelayFile, "utf8").split("\n")) {
    const [at, ms] = line.split(" ").map(Number);
    if (at !== undefined && ms !== undefined && at >= from && at <= to + 200) longest = Math.max(longest, ms);
  }
  return longest;
}

/** Polls /api/health every 50 ms until stopped; returns the slowest answer in ms. */
export function probeHealth(base: string): { stop: () => Promise<number> } {
  let slowest = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(`${base}/api/health`)
        .then((r) => r.arrayBuffer())
        .catch(() => undefined);
      slowest = Math.max(slowest, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return { stop: async () => ((running = false), await loop, slowest) };
}
