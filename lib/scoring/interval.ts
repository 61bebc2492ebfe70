import type { Interval } from "./types";

// Interval helpers the browser needs (ranking marks rows that cannot be told apart), kept apart from stats.ts so
// the client bundle does not carry the beta quantile.

/** Whether two closed intervals share at least one point (e.g. to flag validity differences as not significant). */
export function intervalsOverlap([lowerA, upperA]: Interval, [lowerB, upperB]: Interval): boolean {
  return lowerA <= upperB && lowerB <= upperA;
}
