import type { IncomingMessage } from "node:http";

// The fake model's agent behaviour, for in-house audit runs: a chat completion that carries `tools` gets a scripted
// tool call, and the context-document request gets a short Markdown document. Hooked into fake-openai.ts.
//
// Script of a pass (turn = assistant messages so far): list_dir ".", then read_file of the first target file (or
// of the first file list_dir showed), then a `run` that tries the network (it must fail in the sandbox), then
// submit_findings with one finding per target file (or one for the file read). mode "explore" never submits: it
// lists and reads until a limit, the budget or a cancel stops the pass. Steered by POST /__agent.

export type AgentControl = {
  mode: "submit" | "explore";
  latencyMs: number;
  promptTokens: number | null;
  completionTokens: number;
  submitInvalidFirst: boolean;
};
export type AgentStats = { toolCalls: number; contextCalls: number; requests: number };

const defaults = (): AgentControl => ({
  mode: "submit",
  latencyMs: 0,
  promptTokens: null,
  completionTokens: 50,
  submitInvalidFirst: false,
});
export const agentControl: AgentControl = defaults();
export const agentStats: AgentStats = { toolCalls: 0, contextCalls: 0, requests: 0 };

type Msg = { role: string; content?: string | null; tool_calls?: unknown[] };
type Send = (status: number, body: unknown) => void;

function targetFiles(user: string): string[] {
  // The full harness: the target files are one JSON block; passes-only lists their paths.
  const block = /<target_files>\n([\s\S]*?)\n<\/target_files>/.exec(user)?.[1];
  if (block) return (JSON.parse(block) as { path: string }[]).map((f) => f.path);
  return [...user.matchAll(/^- (\S+)$/gm)].map((m) => m[1]!);
}

function firstListedFile(messages: Msg[]): string | undefined {
  const listing = messages.find((m) => m.role === "tool")?.content ?? "";
  const line = listing.split("\n").find((l) => l.startsWith("-"));
  return line?.trim().split(/\s+/).pop();
}

function call(name: string, args: unknown) {
  agentStats.toolCalls++;
  return {
    content: null,
    tool_calls: [
      { id: `call_${agentStats.toolCalls}`, type: "function", function: { name, arguments: JSON.stringify(args) } },
    ],
  };
}

function nextTurn(messages: Msg[]) {
  const turn = messages.filter((m) => m.role === "assistant").length;
  const user = messages.find((m) => m.role === "user")?.content ?? "";
  const targets = targetFiles(user);
  const file = targets[0] ?? firstListedFile(messages) ?? "README.md";
  if (agentControl.mode === "explore")
    return turn % 2 === 0
      ? call("list_dir", { path: "." })
      : call("read_file", { path: file, start_line: 1, end_line: 20 });
  if (turn === 0) return call("list_dir", { path: "." });
  if (turn === 1) return call("read_file", { path: file, start_line: 1, end_line: 40 });
  if (turn === 2)
    return call("run", {
      command:
        "python3 -c \"import urllib.request; urllib.request.urlopen('http://example.com', timeout=3)\" && echo NETWORK-REACHABLE || echo NETWORK-BLOCKED",
      timeout_s: 20,
    });
  const lastTool = [...messages].reverse().find((m) => m.role === "tool")?.content ?? "";
  if (agentControl.submitInvalidFirst && !lastTool.startsWith("submit_findings was not accepted")) {
    return call("submit_findings", {
      findings: [{ file, line_start: 5, line_end: 2, title: "", description: "x", severity: "urgent" }],
    });
  }
  const files = targets.length ? targets : [file];
  return call("submit_findings", {
    findings: files.map((f) => ({
      file: f,
      line_start: 1,
      line_end: 3,
      title: `Unchecked input in ${f.split("/").pop()}`,
      description: `The fake auditor flags the start of ${f}: an argument is used without validation.`,
      code_snippet: "",
      severity: "medium",
      confidence: 0.4,
    })),
  });
}

function contextDocument(messages: Msg[]): string {
  const repo =
    /Repository: (\S+)/.exec(messages.find((m) => m.role === "user")?.content ?? "")?.[1] ?? "the repository";
  return `# ${repo}\n\n## Purpose\nA fake context document written by the test model.\n\n## Intentional deviations\nNone known.`;
}

/** Handles the agent's requests and /__agent control; false for everything else (the judge and embeddings). */
export function handleAgentRequest(
  req: IncomingMessage,
  body: { messages?: Msg[]; tools?: unknown[]; model?: string },
  send: Send,
): boolean {
  if (req.url === "/__agent" && req.method === "POST") {
    Object.assign(agentControl, defaults(), body);
    Object.assign(agentStats, { toolCalls: 0, contextCalls: 0, requests: 0 });
    send(200, agentControl);
    return true;
  }
  if (req.url === "/__agent") {
    send(200, agentStats);
    return true;
  }
  const messages = body.messages ?? [];
  const isContext = /^You write the repository context document/.test(messages[0]?.content ?? "");
  if (!req.url?.endsWith("/chat/completions") || (!body.tools && !isContext)) return false;
  if (req.headers.authorization !== "Bearer test-key") {
    send(401, { error: { message: "bad key", type: "invalid_request_error" } });
    return true;
  }
  agentStats.requests++;
  if (isContext) agentStats.contextCalls++;
  const message = isContext ? { content: contextDocument(messages) } : nextTurn(messages);
  const prompt = messages.map((m) => m.content ?? "").join("\n");
  const reply = () =>
    send(200, {
      id: `chatcmpl-agent-${agentStats.requests}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [
        {
          index: 0,
          finish_reason: isContext || !("tool_calls" in message) ? "stop" : "tool_calls",
          message: { role: "assistant", ...message },
        },
      ],
      usage: {
        prompt_tokens: agentControl.promptTokens ?? Math.ceil(prompt.length / 4),
        completion_tokens: agentControl.completionTokens,
        total_tokens: 0,
      },
    });
  if (agentControl.latencyMs > 0) setTimeout(reply, agentControl.latencyMs);
  else reply();
  return true;
}
