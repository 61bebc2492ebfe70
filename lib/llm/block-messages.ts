import { USER_MESSAGE_MARKER, type JudgeMessage } from "./judge-messages";
import { renderPrompt, type PromptTemplate } from "./prompts";
import type { BugText } from "../scoring/types";
import { bugTextFields } from "../validation/common";

// Chat messages of the panel judge, the context writer and the bug-type classifier. Same rule as the matching judge
// (judge-messages.ts): instructions are the system message; every piece of data is one JSON value in its own block,
// with `<` and `>` escaped so no text can close its block or open another.

/** One JSON value as a block's content: still valid JSON, decoding to the same value. */
export function encodeBlock(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/</g, "\\u003c").replace(/>/g, "\\u003e");
}

/** Renders a prompt whose user part has `{{name.json}}` placeholders, one per block. */
export function renderBlockMessages(template: PromptTemplate, blocks: Record<string, unknown>): JudgeMessage[] {
  const parts = template.body.split(USER_MESSAGE_MARKER);
  if (parts.length !== 2)
    throw new Error(`prompts/${template.name}.md needs exactly one "${USER_MESSAGE_MARKER}" line`);
  const values = Object.fromEntries(
    Object.entries(blocks).map(([name, value]) => [name, { json: encodeBlock(value) }]),
  );
  return [
    { role: "system", content: parts[0]!.trim() },
    { role: "user", content: renderPrompt(parts[1]!.trim(), values) },
  ];
}

/** A finding or reference bug as the panel and the classifier read it (no submission, model or submitter). */
export type ReviewedBug = BugText & {
  suggestedFix?: string | null;
  severity?: string | null;
};

export function bugRecordJson(b: ReviewedBug): Record<string, unknown> {
  return {
    id: b.id,
    repository: b.repo,
    ...bugTextFields(b),
    suggested_fix: b.suggestedFix ?? null,
    claimed_severity: b.severity ?? null,
  };
}
