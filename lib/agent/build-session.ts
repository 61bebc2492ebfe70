import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { z } from "zod";
import type { SubmitTool } from "./agent-loop";
import { TOOL_DEFINITIONS } from "./tools";
import { replyJsonSchema } from "../benchmark-build/replies";

// What the build's agent sessions share (the presence check, F.2.3, and the false-positive audit, F.3.1): the audit
// agents' tools (read_file, list_dir, grep, run) over a read-only checkout of the snapshot and the repository's later
// history, plus one submit tool whose arguments are the stage's reply, validated with zod. Pure.

// Where the session's sandbox holds what the agent reads (the prompts say so): the T0 tree and the history's bundle
// under /repo (read-only), the history cloned bare into /tmp/history for the `run` commands (withHistory).
export const SESSION_SNAPSHOT_DIR = "snapshot";
export const SESSION_HISTORY_BUNDLE = "history.bundle";
const SESSION_HISTORY_GIT_DIR = "/tmp/history";

/** The tools of a session whose verdict is submitted with `name`, its arguments `reply`'s shape. */
export function sessionToolDefinitions(name: string, description: string, reply: z.ZodType) {
  return [
    ...TOOL_DEFINITIONS.filter((t) => t.function.name !== "submit_findings"),
    { type: "function" as const, function: { name, description, parameters: replyJsonSchema(reply) } },
  ];
}

/**
 * The submit tool `name`: its arguments parsed with `reply`, then `check`ed against the session's transcript (null:
 * accepted). Every problem goes back to the agent by path, so it can correct the call.
 */
export function sessionSubmitTool<T>(
  name: string,
  reply: z.ZodType<T>,
  nudge: string,
  check: (value: T, transcript: readonly ChatCompletionMessageParam[]) => string | null = () => null,
): SubmitTool<T> {
  const refused = (problems: string) => ({
    error: `${name} was not accepted; fix these and call it again: ${problems}`,
  });
  return {
    name,
    validate(args, transcript) {
      const parsed = reply.safeParse(args);
      if (!parsed.success)
        return refused(parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; "));
      const problem = check(parsed.data, transcript);
      if (problem) return refused(problem);
      return { value: parsed.data, message: "Recorded. The check is complete." };
    },
    nudge,
  };
}

/** Why a session ended without a verdict, in the check's words (the loop speaks of a pass and its findings). */
export function noVerdictReason(reason: string): string {
  return `No verdict: ${reason.replace("the pass", "the check").replace("without submitting findings", "without a verdict")}.`;
}

/**
 * A `run` command with the history in place: cloned bare into /tmp/history first when absent (every object checked,
 * nothing checked out). The process sandbox gives each command a fresh /tmp (Docker keeps the container's), so the
 * clone is made where the command runs; the model's command is passed as an argument, never spliced into the script.
 */
export function withHistory(argv: readonly string[]): string[] {
  const [shell, flag, command] = argv;
  if (shell !== "sh" || flag !== "-c" || command === undefined) return [...argv];
  const ensure = `[ -d ${SESSION_HISTORY_GIT_DIR} ] || git -c transfer.fsckObjects=true clone -q --bare /repo/${SESSION_HISTORY_BUNDLE} ${SESSION_HISTORY_GIT_DIR} >/dev/null 2>&1 || echo "the history could not be cloned" >&2`;
  return ["sh", "-c", `${ensure}\nexec sh -c "$1"`, "sh", command];
}
