import type { BugText } from "../scoring/types";
import { renderPrompt, type PromptTemplate } from "./prompts";
import { bugTextFields } from "../validation/common";

/** What the judge reads of a bug record: the one text shape of matching, embedding and hashing, without the id. */
export type JudgeText = Omit<BugText, "id">;

/** A stored row's judge text: its repository's name and the text fields, nothing else of the row. */
export function judgeTextOf(row: Omit<JudgeText, "repo">, repo: string): JudgeText {
  return {
    repo,
    file: row.file,
    lineStart: row.lineStart,
    lineEnd: row.lineEnd,
    title: row.title,
    description: row.description,
    codeSnippet: row.codeSnippet,
  };
}

/** judgeTextOf for a row loaded with its repository. */
export const judgeTextOfRow = (row: Omit<JudgeText, "repo"> & { repository: { name: string } }): JudgeText =>
  judgeTextOf(row, row.repository.name);

// The judge's chat messages and the shape of its reply. Finding text is untrusted (anyone can upload a findings
// file), so the prompt is built to keep it data: the instructions are the system message, and each record is one
// JSON object in its own delimited block of the user message. JSON encoding keeps quotes and line breaks inside
// strings; `<` and `>` are escaped as well, so no text in a record can close its block or open another. A change to
// this encoding changes what the judge reads: bump the prompt version with it (the verdict cache key includes it).

/** Separates the system part of prompts/judge-match.md from the user part. */
export const USER_MESSAGE_MARKER = "<!-- user message -->";
/** The longest rationale kept. The prompt asks for 500 characters; a longer reply is cut, not refused. */
export const MAX_RATIONALE_CHARS = 1_000;

export type JudgeMessage = { role: "system" | "user"; content: string };

/** One record as the judge reads it: JSON with `<` and `>` escaped (still valid JSON, decoding to the same text). */
export function encodeJudgeRecord(t: JudgeText): string {
  const record = {
    repository: t.repo,
    ...bugTextFields(t),
  };
  return JSON.stringify(record, null, 2).replace(/</g, "\\u003c").replace(/>/g, "\\u003e");
}

export function renderJudgeMessages(template: PromptTemplate, a: JudgeText, b: JudgeText): JudgeMessage[] {
  const parts = template.body.split(USER_MESSAGE_MARKER);
  if (parts.length !== 2)
    throw new Error(`prompts/${template.name}.md needs exactly one "${USER_MESSAGE_MARKER}" line`);
  // One pass over the template: a placeholder written inside a record is never expanded.
  const user = renderPrompt(parts[1]!.trim(), { a: { json: encodeJudgeRecord(a) }, b: { json: encodeJudgeRecord(b) } });
  return [
    { role: "system", content: parts[0]!.trim() },
    { role: "user", content: user },
  ];
}

/** The rationale as stored: control characters (Postgres text refuses NUL) become spaces; too long is cut. */
export function capRationale(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed here
  const clean = text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, " ");
  if (clean.length <= MAX_RATIONALE_CHARS) return clean;
  // Never leave half of a surrogate pair at the cut.
  return `${clean.slice(0, MAX_RATIONALE_CHARS - 1).replace(/[\uD800-\uDBFF]$/, "")}…`;
}
