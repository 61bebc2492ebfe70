import { createHash } from "node:crypto";
import type { BugText } from "./scoring/types";

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** The hash of what the matcher reads of a bug record; keys the verdict cache across submissions. */
export function bugContentHash(b: Omit<BugText, "id" | "repo">): string {
  return sha256(JSON.stringify([b.file, b.lineStart, b.lineEnd, b.title, b.description, b.codeSnippet]));
}
