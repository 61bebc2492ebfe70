import { sha256 } from "../hash";
import type { BugContent } from "./common";

// Apart from common.ts, which the browser's findings check loads: hashing needs node:crypto.

/** The hash of what the matcher reads of a bug record; keys the verdict cache across submissions. */
export function bugContentHash(b: BugContent): string {
  return sha256(JSON.stringify([b.file, b.lineStart, b.lineEnd, b.title, b.description, b.codeSnippet]));
}
