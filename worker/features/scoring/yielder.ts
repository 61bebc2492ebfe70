import { setImmediate as yieldToEventLoop } from "node:timers/promises";

// Long CPU work on the scoring worker's event loop (hashing, ordering, deriving rows) runs in slices of at most
// SLICE_MS, handing the loop back between them, so BullMQ's lock renewal, judge replies and progress writes go on.
// The heaviest work, the prefilter, runs in a thread of its own (prefilter-thread.ts).
const SLICE_MS = 10;

/** Returns a function to call inside long loops: it hands the event loop back once SLICE_MS have passed. */
export function createYielder(): () => Promise<void> | undefined {
  let sliceStart = performance.now();
  return () => {
    if (performance.now() - sliceStart < SLICE_MS) return undefined;
    return yieldToEventLoop().then(() => {
      sliceStart = performance.now();
    });
  };
}
