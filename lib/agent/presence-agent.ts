import type { z } from "zod";
import type { SubmitTool } from "./agent-loop";
import { TOOL_DEFINITIONS } from "./tools";
import { presenceReplySchema, replyJsonSchema } from "../benchmark-build/replies";

// The presence check as the paper's agent (F.2.3): the audit agents' tools (read_file, list_dir, grep, run) over a
// read-only checkout of the snapshot and the repository's later history, and submit_presence, whose arguments are the
// presence reply (present, one of the four grounds or null, evidence). A session that ends without a verdict keeps its
// candidate with low confidence, saying why. Pure.

export type PresenceReply = z.infer<typeof presenceReplySchema>;

const SUBMIT_PRESENCE = "submit_presence";

// Where the session's sandbox holds what the agent reads (the prompt says so): the T0 tree and the history's bundle
// under /repo (read-only), the history cloned bare into /tmp/history for the `run` commands (withHistory).
export const PRESENCE_SNAPSHOT_DIR = "snapshot";
export const PRESENCE_HISTORY_BUNDLE = "history.bundle";
const PRESENCE_HISTORY_GIT_DIR = "/tmp/history";

export const PRESENCE_TOOL_DEFINITIONS = [
  ...TOOL_DEFINITIONS.filter((t) => t.function.name !== "submit_findings"),
  {
    type: "function" as const,
    function: {
      name: SUBMIT_PRESENCE,
      description: "Submit whether the candidate bug is present in the snapshot, and end the check.",
      parameters: replyJsonSchema(presenceReplySchema),
    },
  },
];

export const submitPresenceTool: SubmitTool<PresenceReply> = {
  name: SUBMIT_PRESENCE,
  validate(args) {
    const parsed = presenceReplySchema.safeParse(args);
    if (parsed.success) return { value: parsed.data, message: "Recorded. The check is complete." };
    return {
      error: `submit_presence was not accepted; fix these and call it again: ${parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ")}`,
    };
  },
  nudge: "Check the snapshot and the history with the tools, then call submit_presence.",
};

/** The reply stored when the session stopped at a limit without a verdict: kept, with low confidence, saying why. */
export function presenceAtLimit(reason: string): PresenceReply {
  const why = reason.replace("the pass", "the check").replace("without submitting findings", "without a verdict");
  return { present: false, ground: null, evidence: `No verdict: ${why}.` };
}

/**
 * A `run` command with the history in place: cloned bare into /tmp/history first when absent (every object checked,
 * nothing checked out). The process sandbox gives each command a fresh /tmp (Docker keeps the container's), so the
 * clone is made where the command runs; the model's command is passed as an argument, never spliced into the script.
 */
export function withHistory(argv: readonly string[]): string[] {
  const [shell, flag, command] = argv;
  if (shell !== "sh" || flag !== "-c" || command === undefined) return [...argv];
  const ensure = `[ -d ${PRESENCE_HISTORY_GIT_DIR} ] || git -c transfer.fsckObjects=true clone -q --bare /repo/${PRESENCE_HISTORY_BUNDLE} ${PRESENCE_HISTORY_GIT_DIR} >/dev/null 2>&1 || echo "the history could not be cloned" >&2`;
  return ["sh", "-c", `${ensure}\nexec sh -c "$1"`, "sh", command];
}
