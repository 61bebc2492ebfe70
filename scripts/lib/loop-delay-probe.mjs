// Loaded into a benchmarked server with `--import` (scripts/bench-upload.ts): every 100 ms it appends
// "<epoch ms> <longest event-loop delay of those 100 ms, in ms>" to LOOP_DELAY_FILE (perf_hooks'
// monitorEventLoopDelay), so a benchmark can tell how long the server's loop was held during a window. An HTTP
// probe's answer also waits for the database and for a core on a loaded machine.
import { appendFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";

const file = process.env.LOOP_DELAY_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  setInterval(() => {
    appendFileSync(file, `${Date.now()} ${(delay.max / 1e6).toFixed(1)}\n`);
    delay.reset();
  }, 100).unref();
}
