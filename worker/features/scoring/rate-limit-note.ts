import type { Judge } from "../../../lib/llm/judge";
import { log } from "../../../lib/observability/log";

// While the model provider's rate limit holds the judge back, the attempt says so on its row (shown as the status's
// `note`), and clears it when calls go on: a 429 waits, it never fails the submission (docs/scoring.md).

const CHECK_MS = 2_000;
// Pauses shorter than this are ordinary pacing, not worth a note.
const NOTE_FROM_MS = 3_000;

function rateLimitNote(pauseMs: number): string {
  return `Waiting for the model provider's rate limit; resumes in about ${Math.max(1, Math.round(pauseMs / 1_000))} s.`;
}

/** Checks the judge's pause every 2 s and writes the note (or null to clear it); returns the stop function. */
export function watchRateLimit(judge: Judge, write: (note: string | null) => Promise<void>): () => void {
  let shown = false;
  let writing = false;
  const timer = setInterval(() => {
    if (writing) return;
    const pauseMs = judge.rateLimitPauseMs();
    const note = pauseMs >= NOTE_FROM_MS ? rateLimitNote(pauseMs) : null;
    if (note === null && !shown) return;
    writing = true;
    shown = note !== null;
    write(note)
      .catch((error: unknown) => log.warn({ err: error }, "rate-limit note not written"))
      .finally(() => (writing = false));
  }, CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
