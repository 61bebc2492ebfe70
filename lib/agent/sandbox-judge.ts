import { z } from "zod";
import type { SubmitTool } from "./agent-loop";
import { TOOL_DEFINITIONS, truncateOutput } from "./tools";
import type { ExecResult } from "../sandbox/sandbox";
import { panelReplyJsonSchema, panelReplySchema, type PanelReply } from "../panel/verdicts";

// A panel judge working in a sandbox of the repository's snapshot (docs/panel-and-attribution.md): the agent loop's
// read-only tools and `run`, and submit_verdict, whose arguments are the panel's reply (the same schema as the
// json_schema reply of a judge without a sandbox). What the judge ran is kept as its proof-of-concept record. Pure.

/** Each recorded command keeps this much of its output (head and tail), and a review keeps this many commands. */
export const POC_OUTPUT_CHARS = 2_000;
export const POC_MAX_COMMANDS = 20;
const POC_COMMAND_CHARS = 2_000;

export const SUBMIT_VERDICT = "submit_verdict";

/** The `tools` of a sandboxed judge's requests: read_file, list_dir, grep, run and submit_verdict. */
export const PANEL_TOOL_DEFINITIONS = [
  ...TOOL_DEFINITIONS.filter((t) => t.function.name !== "submit_findings"),
  {
    type: "function" as const,
    function: {
      name: SUBMIT_VERDICT,
      description: "Submit your verdict on the finding and end the review.",
      parameters: panelReplyJsonSchema,
    },
  },
];

export const submitVerdictTool: SubmitTool<PanelReply> = {
  name: SUBMIT_VERDICT,
  validate(args) {
    const parsed = panelReplySchema.safeParse(args);
    if (parsed.success) return { value: parsed.data, message: "Verdict recorded. The review is complete." };
    return {
      error: `submit_verdict was not accepted; fix these and call it again: ${parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ")}`,
    };
  },
  nudge: "Check the finding with the tools (run a proof of concept when you can), then call submit_verdict.",
};

// out_of_memory: killed at the sandbox's memory limit (records written before it was told apart lack it: false).
const pocCommandSchema = z.object({
  command: z.string(),
  exit_code: z.number().int().nullable(),
  timed_out: z.boolean(),
  out_of_memory: z.boolean().default(false),
  output: z.string(),
});
export const pocRecordSchema = z.object({
  turns: z.number().int().min(0),
  commands: z.array(pocCommandSchema),
  commands_omitted: z.number().int().min(0),
});
export type PocRecord = z.infer<typeof pocRecordSchema>;

/** Adds one executed `run` call to the record (the first POC_MAX_COMMANDS are kept, the rest counted). */
export function recordRun(record: PocRecord, command: string, result: ExecResult): void {
  if (record.commands.length >= POC_MAX_COMMANDS) {
    record.commands_omitted++;
    return;
  }
  let output = result.stdout;
  if (result.stderr) output += (output && !output.endsWith("\n") ? "\n" : "") + `[stderr]\n${result.stderr}`;
  const cut =
    output.length > POC_OUTPUT_CHARS
      ? `${output.slice(0, POC_OUTPUT_CHARS / 2)}\n[... ${output.length - POC_OUTPUT_CHARS} characters cut ...]\n${output.slice(-POC_OUTPUT_CHARS / 2)}`
      : truncateOutput(output, result.droppedBytes);
  record.commands.push({
    command: command.slice(0, POC_COMMAND_CHARS),
    exit_code: result.exitCode,
    timed_out: result.timedOut,
    out_of_memory: result.oomKilled,
    output: cut,
  });
}

/** A proof of concept ran when the sandbox executed at least one `run` call (whatever its exit status). */
export function proofOfConceptRan(record: PocRecord): boolean {
  return record.commands.length + record.commands_omitted > 0;
}

/** The verdict stored when the judge stopped at a limit without one: an abstention that says why. */
export function abstainedAtLimit(reason: string): PanelReply {
  const why = reason.replace("the pass", "the judge").replace("without submitting findings", "without a verdict");
  return { verdict: "abstained", reason: null, severity: null, confidence: "low", rationale: `No verdict: ${why}.` };
}
