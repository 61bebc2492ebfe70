import { PerformanceObserver, constants as perfConstants, monitorEventLoopDelay } from "node:perf_hooks";

// What bench:score watches during a scoring pass: event-loop stalls (with the scoring progress and monotonic time at
// which they happened, to find them in a --cpu-prof profile), this thread's garbage-collection pauses, and where
// memory peaked.

// Stalls longer than this are listed with their progress and monotonic time (half the 100 ms target).
const STALL_LOG_MS = 50;
const STALL_SAMPLE_MS = 10;

/** Starts watching; `percent` reads the scoring progress. stopAndReport logs the figures and returns the longest stall. */
export function startPassMonitor(percent: () => number) {
  // The histogram records the time between its timer's ticks, sampling interval included (an idle loop reads 10 ms:
  // the p50 printed below); the stall is what a tick came late beyond that interval.
  const stalls = monitorEventLoopDelay({ resolution: STALL_SAMPLE_MS });
  stalls.enable();
  // Where the longest stalls happened (scoring progress, and the monotonic time to find them in a --cpu-prof profile).
  const stallLog: { ms: number; percent: number; atUs: number }[] = [];
  let tick = performance.now();
  const watch = setInterval(() => {
    const now = performance.now();
    if (now - tick - STALL_SAMPLE_MS > STALL_LOG_MS)
      stallLog.push({
        ms: now - tick - STALL_SAMPLE_MS,
        percent: percent(),
        atUs: Number(process.hrtime.bigint() / 1000n),
      });
    tick = now;
  }, STALL_SAMPLE_MS);
  // Garbage-collection pauses of this thread's heap (a large heap's collections were the stalls left before this flag).
  const gcKinds: Record<number, string> = {
    [perfConstants.NODE_PERFORMANCE_GC_MAJOR]: "major",
    [perfConstants.NODE_PERFORMANCE_GC_MINOR]: "minor",
    [perfConstants.NODE_PERFORMANCE_GC_INCREMENTAL]: "incremental",
    [perfConstants.NODE_PERFORMANCE_GC_WEAKCB]: "weak callbacks",
  };
  const gcPauses: { ms: number; kind: string; percent: number }[] = [];
  let gcTotalMs = 0;
  const gcObserver = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcTotalMs += entry.duration;
      const kind = gcKinds[(entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? -1] ?? "other";
      if (entry.duration >= 50) gcPauses.push({ ms: entry.duration, kind, percent: percent() });
    }
  });
  gcObserver.observe({ entryTypes: ["gc"] });
  // Where memory peaked: this thread's heap, and the whole process (the prefilter thread's heap counts in RSS only).
  const memory = { heapMb: 0, heapAt: 0, rssMb: 0, rssAt: 0 };
  const sampleMemory = setInterval(() => {
    const usage = process.memoryUsage();
    if (usage.heapUsed / 2 ** 20 > memory.heapMb)
      Object.assign(memory, { heapMb: usage.heapUsed / 2 ** 20, heapAt: percent() });
    if (usage.rss / 2 ** 20 > memory.rssMb) Object.assign(memory, { rssMb: usage.rss / 2 ** 20, rssAt: percent() });
  }, 500);
  return {
    stopAndReport(log: (line: string) => void): number {
      stalls.disable();
      clearInterval(watch);
      gcObserver.disconnect();
      clearInterval(sampleMemory);
      process.stdout.write("\n");
      const worst = stallLog.sort((a, b) => b.ms - a.ms).slice(0, 5);
      log(
        `  event-loop tick interval (sampling ${STALL_SAMPLE_MS} ms included) p50 / p99 / max: ${(stalls.percentile(50) / 1e6).toFixed(0)} / ${(stalls.percentile(99) / 1e6).toFixed(0)} / ${(stalls.max / 1e6).toFixed(0)} ms`,
      );
      if (worst.length > 0)
        log(
          `  stalls over ${STALL_LOG_MS} ms: ${stallLog.length}; longest at progress ${worst.map((w) => `${w.percent}% (${w.ms.toFixed(0)} ms, t=${w.atUs})`).join(", ")}`,
        );
      const worstGc = gcPauses.sort((a, b) => b.ms - a.ms).slice(0, 3);
      log(
        `  garbage collection: ${(gcTotalMs / 1000).toFixed(1)} s in all; pauses over 50 ms: ${gcPauses.length}` +
          (worstGc.length > 0
            ? `, longest ${worstGc.map((g) => `${g.ms.toFixed(0)} ms ${g.kind} at ${g.percent}%`).join(", ")}`
            : ""),
      );
      log(
        `  memory: main heap used at most ${memory.heapMb.toFixed(0)} MB (at ${memory.heapAt}%); RSS sampled at most ${memory.rssMb.toFixed(0)} MB (at ${memory.rssAt}%)`,
      );
      return Math.max(0, stalls.max / 1e6 - STALL_SAMPLE_MS);
    },
  };
}
