// Work written as a generator that pauses (yields) between slices, so a server can hand its event loop back while a
// browser or CLI runs the same code in one go.

/** Runs `steps` to the end without pausing. */
export function runSteps<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Runs `steps` to the end, awaiting `pause` at each of its pauses (by default, one turn of the event loop). */
export async function runStepsYielding<T>(
  steps: Generator<void, T>,
  pause: () => Promise<void> | undefined = () => new Promise<void>((resolve) => setImmediate(resolve)),
): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await pause();
  }
}
