import type { ChatCompletionMessageParam, ChatCompletionMessageToolCall } from "openai/resources/chat/completions";
import type { FindingInput } from "../validation/findings-file";
import { passLimitReached, type PassLimits } from "./budget";
import {
  formatToolOutput,
  toolCommand,
  validateSubmittedFindings,
  TOOL_CAPTURE_BYTES,
  type ToolCommand,
  type ToolName,
} from "./tools";
import type { ExecResult } from "../sandbox/sandbox";
import type { AssistantTurn } from "../llm/structured-client";
import type { PricedUsage } from "../llm/model-prices";
import { addTokenUsage } from "../llm/token-usage";

// The agent loop of one pass: call the model with the tools, execute each tool call in the sandbox, feed the
// (truncated) outputs back, until submit_findings succeeds or a limit is reached. The model never runs in the
// sandbox. Every dependency (model, sandbox, persistence, clock) is passed in, so the loop is tested without I/O.

/**
 * The tool that ends the loop with a validated value: submit_findings for an audit pass (the default), another one for
 * other users of the loop (the panel's submit_verdict). An error goes back to the model, which may call it again.
 */
export type SubmitTool<T> = {
  name: string;
  /** `transcript`: the session so far, for a tool that checks what the agent cites against what it was shown. */
  validate(
    args: unknown,
    transcript: readonly ChatCompletionMessageParam[],
  ): { value: T; message: string } | { error: string };
  nudge: string;
};

const submitFindingsTool = (repo: string): SubmitTool<FindingInput[]> => ({
  name: "submit_findings",
  validate(args) {
    const result = validateSubmittedFindings(args, repo);
    return "error" in result
      ? result
      : { value: result.findings, message: `Accepted ${result.findings.length} findings. The pass is complete.` };
  },
  nudge: "Continue the audit with the tools. When you are done, call submit_findings (an empty array is valid).",
});

export type LoopDeps<T = FindingInput[]> = {
  repo: string;
  limits: PassLimits;
  /** Default: submit_findings. */
  submit?: SubmitTool<T>;
  complete(messages: ChatCompletionMessageParam[]): Promise<AssistantTurn>;
  exec(
    command: ToolCommand & { maxOutputBytes: number; tool: Exclude<ToolName, "submit_findings"> },
  ): Promise<ExecResult>;
  /**
   * Tools the caller runs itself instead of the sandbox (the panel's read-only repository tools): their names and
   * what each call returns to the model. When set, only these tools and the submit tool exist; exec is not used.
   */
  tools?: { names: readonly string[]; run(name: string, args: unknown): Promise<string> };
  /**
   * Called after every model turn and its tool results: persist the transcript and the turn's usage, and say
   * whether the pass may go on (null) or must stop (the reason: run cancelled, run budget spent, lost claim).
   */
  afterTurn(
    update: {
      messages: ChatCompletionMessageParam[];
      turns: number;
      /** The turn's own tokens and dollars; the update's own fields are the totals so far. */
      delta: PricedUsage;
    } & PricedUsage,
  ): Promise<string | null>;
  now(): number;
};

export type LoopResult<T = FindingInput[]> =
  | ({
      outcome: "submitted";
      /** what the submit tool accepted */ findings: T;
      turns: number;
      messages: ChatCompletionMessageParam[];
    } & PricedUsage)
  | ({
      outcome: "limit" | "stopped";
      reason: string;
      turns: number;
      messages: ChatCompletionMessageParam[];
    } & PricedUsage);

export async function runAgentLoop<T = FindingInput[]>(
  initial: ChatCompletionMessageParam[],
  deps: LoopDeps<T>,
): Promise<LoopResult<T>> {
  const submit = deps.submit ?? (submitFindingsTool(deps.repo) as unknown as SubmitTool<T>);
  const messages = [...initial];
  const started = deps.now();
  let turns = 0;
  // Tokens and dollars as each turn's reply priced them (lib/llm/model-prices.ts, pricedUsage).
  const spent: PricedUsage = { inputTokens: 0, cachedInputTokens: 0, outputTokens: 0, costUsd: 0 };
  const totals = () => ({ turns, ...spent, messages });
  for (;;) {
    const limit = passLimitReached(
      deps.limits,
      { turns, tokens: spent.inputTokens + spent.outputTokens, startedAt: started },
      deps.now(),
    );
    if (limit) return { outcome: "limit", reason: limit, ...totals() };
    const turn = await deps.complete(messages);
    turns++;
    addTokenUsage(spent, turn);
    spent.costUsd += turn.costUsd;
    const toolCalls: ChatCompletionMessageToolCall[] = turn.toolCalls.map((c) => ({
      id: c.id,
      type: "function",
      function: { name: c.name, arguments: c.arguments },
    }));
    messages.push(
      toolCalls.length
        ? { role: "assistant", content: turn.content, tool_calls: toolCalls }
        : { role: "assistant", content: turn.content ?? "" },
    );
    let submitted: { value: T } | null = null;
    if (toolCalls.length === 0) messages.push({ role: "user", content: submit.nudge });
    for (const call of turn.toolCalls) {
      const output = await executeToolCall(call, deps, submit, messages);
      if (typeof output !== "string") {
        submitted = output;
        messages.push({ role: "tool", tool_call_id: call.id, content: output.message });
        // Later calls of the same turn are not executed: the pass has ended.
        break;
      }
      messages.push({ role: "tool", tool_call_id: call.id, content: output });
    }
    const stop = await deps.afterTurn({
      messages,
      turns,
      ...spent,
      delta: {
        inputTokens: turn.inputTokens,
        cachedInputTokens: turn.cachedInputTokens,
        outputTokens: turn.outputTokens,
        costUsd: turn.costUsd,
      },
    });
    if (submitted) return { outcome: "submitted", findings: submitted.value, ...totals() };
    if (stop) return { outcome: "stopped", reason: stop, ...totals() };
  }
}

async function executeToolCall<T>(
  call: { name: string; arguments: string },
  deps: LoopDeps<T>,
  submit: SubmitTool<T>,
  transcript: readonly ChatCompletionMessageParam[],
): Promise<string | { value: T; message: string }> {
  let args: unknown;
  try {
    args = call.arguments.trim() ? JSON.parse(call.arguments) : {};
  } catch {
    return `The arguments of ${call.name} are not valid JSON.`;
  }
  if (call.name === submit.name) {
    const result = submit.validate(args, transcript);
    return "error" in result ? result.error : result;
  }
  if (deps.tools) {
    if (!deps.tools.names.includes(call.name))
      return `Unknown tool ${call.name}. The tools are ${deps.tools.names.join(", ")} and ${submit.name}.`;
    try {
      return await deps.tools.run(call.name, args);
    } catch {
      return `The tool ${call.name} could not be run.`;
    }
  }
  if (!["read_file", "list_dir", "grep", "run"].includes(call.name))
    return `Unknown tool ${call.name}. The tools are read_file, list_dir, grep, run and ${submit.name}.`;
  const name = call.name as Exclude<ToolName, "submit_findings">;
  const command = toolCommand(name, args);
  if ("error" in command) return command.error;
  try {
    return formatToolOutput(await deps.exec({ ...command, tool: name, maxOutputBytes: TOOL_CAPTURE_BYTES }));
  } catch {
    return "The sandbox could not run this command.";
  }
}
