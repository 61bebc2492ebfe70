// Pacing of call starts by turns of the event loop (see worker/shared/judge/judge-runner.ts for why the judge needs it).

/**
 * Lets at most `perTurn` callers through per turn of the event loop, in order; the rest wait for later turns. Written
 * here rather than taken from p-throttle, which limits starts per time interval (a fixed rate cap): this adapts to
 * how fast the machine turns the loop.
 */
export function createTurnPacer(perTurn: number): () => Promise<void> {
  let used = 0;
  let scheduled = false;
  const waiting: (() => void)[] = [];
  const nextTurn = () => {
    scheduled = false;
    used = 0;
    while (used < perTurn && waiting.length > 0) {
      used++;
      waiting.shift()!();
    }
    if (used > 0) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(nextTurn);
  };
  return () => {
    schedule();
    if (used < perTurn && waiting.length === 0) {
      used++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => waiting.push(resolve));
  };
}
