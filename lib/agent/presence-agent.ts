import type { z } from "zod";
import { noVerdictReason, sessionSubmitTool, sessionToolDefinitions } from "./build-session";
import { presenceReplySchema } from "../benchmark-build/replies";

// The presence check as the paper's agent (F.2.3): the build session's tools (build-session.ts) and submit_presence,
// whose arguments are the presence reply (present, one of the four grounds or null, evidence). A session that ends
// without a verdict keeps its candidate with low confidence, saying why. Pure.

type PresenceReply = z.infer<typeof presenceReplySchema>;

const SUBMIT_PRESENCE = "submit_presence";

export const PRESENCE_TOOL_DEFINITIONS = sessionToolDefinitions(
  SUBMIT_PRESENCE,
  "Submit whether the candidate bug is present in the snapshot, and end the check.",
  presenceReplySchema,
);

export const submitPresenceTool = sessionSubmitTool(
  SUBMIT_PRESENCE,
  presenceReplySchema,
  "Check the snapshot and the history with the tools, then call submit_presence.",
);

/** The reply stored when the session stopped at a limit without a verdict: kept, with low confidence, saying why. */
export function presenceAtLimit(reason: string): PresenceReply {
  return { present: false, ground: null, evidence: noVerdictReason(reason) };
}
