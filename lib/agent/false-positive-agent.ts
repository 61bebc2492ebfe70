import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { z } from "zod";
import { noVerdictReason, sessionSubmitTool, sessionToolDefinitions } from "./build-session";
import { auditReplySchema } from "../benchmark-build/replies";

// The false-positive audit as the paper's agent (F.3.1): the build session's tools (build-session.ts) and
// submit_audit, whose arguments are the audit reply (keep, or flag on one of the four grounds citing command output).
// A flag stands only on what the session was shown: its cited output must be text a tool call of the session
// returned. A session that ends without a verdict keeps its bug unrated, saying why. Pure.

type AuditReply = z.infer<typeof auditReplySchema>;

const SUBMIT_AUDIT = "submit_audit";
// A citation shorter than this (after collapsing whitespace) proves nothing, however often it was printed.
const MIN_CITED_CHARS = 12;

export const AUDIT_TOOL_DEFINITIONS = sessionToolDefinitions(
  SUBMIT_AUDIT,
  "Submit the audit's verdict on the reference bug (keep, or flag with a ground and the cited tool output), and end the audit.",
  auditReplySchema,
);

const squash = (s: string) => s.replace(/\s+/g, " ").trim();

/** The outputs of the session's tool calls (not its submit calls' answers), as the agent read them. */
function toolOutputsSeen(transcript: readonly ChatCompletionMessageParam[], submitName: string): string[] {
  const submits = new Set(
    transcript.flatMap((m) =>
      m.role === "assistant"
        ? (m.tool_calls ?? []).filter((c) => c.type === "function" && c.function.name === submitName).map((c) => c.id)
        : [],
    ),
  );
  return transcript.flatMap((m) => {
    if (m.role !== "tool" || submits.has(m.tool_call_id)) return [];
    return [typeof m.content === "string" ? m.content : m.content.map((p) => p.text).join("")];
  });
}

/** Why `cited` is not a citation of what the session saw, or null when it is (whitespace runs count as one space). */
function uncitedOutput(cited: string, seen: readonly string[]): string | null {
  const quote = squash(cited);
  if (quote.length < MIN_CITED_CHARS)
    return `cited_output: quote at least ${MIN_CITED_CHARS} characters of a tool output, verbatim`;
  if (!seen.some((output) => squash(output).includes(quote)))
    return "cited_output: this text is not in the output of any of your tool calls; quote one output verbatim (line numbers included)";
  return null;
}

export const submitAuditTool = sessionSubmitTool(
  SUBMIT_AUDIT,
  auditReplySchema,
  "Check the record against the snapshot and the history with the tools, then call submit_audit.",
  (reply, transcript) =>
    reply.cited_output?.trim() ? uncitedOutput(reply.cited_output, toolOutputsSeen(transcript, SUBMIT_AUDIT)) : null,
);

/** The mark a bug gets: `none` (kept), a flag's ground, or no verdict (kept, unrated), each with what it rests on. */
type AuditMark = { ground: string | null; rationale: string; citedOutput: string | null };

export function auditMark(outcome: { reply: AuditReply } | { limit: string }): AuditMark {
  if ("limit" in outcome) return { ground: null, rationale: noVerdictReason(outcome.limit), citedOutput: null };
  const { reply } = outcome;
  return {
    ground: reply.verdict === "flag" ? reply.ground : "none",
    rationale: reply.rationale,
    citedOutput: reply.cited_output?.trim() ? reply.cited_output : null,
  };
}
