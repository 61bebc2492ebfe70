import { createHash } from "node:crypto";

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** The hash of what the matcher reads of a bug record; keys the verdict cache across submissions. */
export function bugContentHash(b: {
  file: string;
  lineStart: number;
  lineEnd: number;
  title: string;
  description: string;
  codeSnippet: string;
}): string {
  return sha256(JSON.stringify([b.file, b.lineStart, b.lineEnd, b.title, b.description, b.codeSnippet]));
}
