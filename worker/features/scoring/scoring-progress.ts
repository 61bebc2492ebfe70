import { updateClaimed, type Claim } from "./claim-submission";
import type { Progress, ScoringDeps } from "./scoring-types";

/**
 * Progress writes go out in order (the prefilter thread reports while the scoring loop awaits it), and never go back:
 * a phase that ran in batches has moved it past where the direct judging of their leftovers starts counting.
 */
export function orderedProgress(claim: Claim, onProgress: ScoringDeps["onProgress"]): Progress {
  let lastPercent = -1;
  let written: Promise<unknown> = Promise.resolve();
  return (percent: number): Promise<void> => {
    if (percent <= lastPercent) return Promise.resolve();
    lastPercent = percent;
    const write = written.then(async () => {
      await updateClaimed(claim, { scoringProgress: percent });
      await onProgress?.(percent);
    });
    written = write.catch(() => undefined);
    return write;
  };
}
