import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { addPreparedBug, generateCandidatePairs, type BuildCandidatePairsInput, type CandidateSlice, type PreparedSide } from "../../lib/scoring/prefilter";
import type { BugText } from "../../lib/scoring/types";

// The prefilter is pure CPU work (seconds to minutes for repeated runs). Run in one go it would hold the event loop:
// BullMQ could not renew the job's lock, and the job would be handed to a second worker. It runs here in slices of
// at most SLICE_MS, handing the event loop back between them, so lock renewal, judge calls and progress writes go on.
// (A worker thread would use the second core, but needs the TypeScript loader in the thread and copies of every
// vector; the judge's HTTP work is already interleaved here, so slices are the simpler way to stay responsive.)
const SLICE_MS = 10;

/** The prefilter's slices, with the event loop handed back every SLICE_MS of work. */
export async function* streamCandidatePairs(input: BuildCandidatePairsInput): AsyncGenerator<CandidateSlice, void, void> {
  let sliceStart = performance.now();
  for (const slice of generateCandidatePairs(input)) {
    if (slice.pairs.length > 0 || slice.compared > 0) yield slice;
    if (performance.now() - sliceStart >= SLICE_MS) {
      await yieldToEventLoop();
      sliceStart = performance.now();
    }
  }
}

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

/** prepareBugs in slices (tokenising thousands of documents takes a while). */
export async function prepareBugsInSlices(bugs: readonly BugText[]): Promise<PreparedSide> {
  const side: PreparedSide = { byRepo: new Map(), size: 0 };
  const maybeYield = createYielder();
  for (const bug of bugs) {
    addPreparedBug(side, bug);
    await maybeYield();
  }
  return side;
}
