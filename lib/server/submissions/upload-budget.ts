import "server-only";
import { env } from "../../env";
import { AppError } from "../../errors";
import { processGlobals } from "../../process-globals";

// Bytes of upload bodies this web process is reading, parsing and storing at once. Each upload reserves its declared
// size (or the largest allowed when it declares none) before its first byte is read, so the memory uploads can hold
// is bounded by UPLOAD_PARSE_BUDGET_BYTES times the per-byte cost measured in the README (Limits), whatever arrives.
const globalForBudget = processGlobals<{ uploadBytesInFlight?: number }>();

export type Reservation = { bytes: number; release: () => void };

export function reserveUploadBytes(declaredBytes: number | undefined): Reservation {
  const bytes = Math.min(
    declaredBytes && declaredBytes > 0 ? declaredBytes : env.UPLOAD_MAX_BYTES,
    env.UPLOAD_MAX_BYTES,
  );
  const inFlight = globalForBudget.uploadBytesInFlight ?? 0;
  // One upload is always let through when none is in flight, even if it alone exceeds a small budget.
  if (inFlight > 0 && inFlight + bytes > env.UPLOAD_PARSE_BUDGET_BYTES) {
    throw new AppError("unavailable", "The server is busy processing other uploads. Try again in a few seconds.", [], {
      "retry-after": "5",
    });
  }
  globalForBudget.uploadBytesInFlight = inFlight + bytes;
  let released = false;
  return {
    bytes,
    release: () => {
      if (released) return;
      released = true;
      globalForBudget.uploadBytesInFlight = (globalForBudget.uploadBytesInFlight ?? bytes) - bytes;
    },
  };
}
