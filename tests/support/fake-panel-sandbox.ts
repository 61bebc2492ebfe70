import type { IncomingMessage } from "node:http";
import { fakePanelVerdict } from "./fake-panel-attribution";

// The fake model as a panel judge in a sandbox (PANEL_SANDBOX=on): a chat completion whose tools include
// submit_verdict. Hooked into fake-openai.ts. Script: turn 0 runs a proof of concept (`run` of a command that reads
// the finding's file and prints POC-OK), turn 1 calls submit_verdict with the verdict fake-panel-attribution.ts gives for the
// finding's text (so sandboxed and plain judges agree on verdicts; only confidence differs). Markers in the finding:
//  - [poc:none] skips the run (the judge only lists the directory, then submits);
//  - [poc:stall] never submits (lists the directory every turn until a limit stops it);
//  - [poc:oom] runs a command that fills 1 GB of memory (killed at the sandbox's memory limit), then submits.

type Msg = { role: string; content?: string | null };
type Send = (status: number, body: unknown) => void;

export const panelSandboxStats = { requests: 0 };

function finding(messages: Msg[]): Record<string, unknown> {
  const user = messages.find((m) => m.role === "user")?.content ?? "";
  const text = /<finding>\n([\s\S]*?)\n<\/finding>/.exec(user)?.[1];
  try {
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function nextTurn(model: string, messages: Msg[]) {
  const turn = messages.filter((m) => m.role === "assistant").length;
  const f = finding(messages);
  const text = `${String(f.title ?? "")}\n${String(f.description ?? "")}`;
  const call = (name: string, args: unknown) => ({
    content: null,
    tool_calls: [
      {
        id: `poc_${panelSandboxStats.requests}`,
        type: "function",
        function: { name, arguments: JSON.stringify(args) },
      },
    ],
  });
  if (text.includes("[poc:stall]")) return call("list_dir", { path: "." });
  if (turn === 0 && text.includes("[poc:none]")) return call("list_dir", { path: "." });
  if (turn === 0 && text.includes("[poc:oom]"))
    return call("run", {
      command: `python3 -c "b = bytearray(1 << 30); b[::4096] = b'x' * len(b[::4096])"`,
      timeout_s: 30,
    });
  if (turn === 0)
    return call("run", { command: `head -n 3 ./${String(f.file ?? "README.md")} && echo POC-OK`, timeout_s: 20 });
  const verdict = fakePanelVerdict(model, String(f.title ?? ""), String(f.description ?? ""));
  return call("submit_verdict", { ...verdict, rationale: `${verdict.rationale} (sandboxed)` });
}

/** Handles a sandboxed panel judge's request; false for every other request. */
export function handlePanelSandboxRequest(
  req: IncomingMessage,
  body: { model?: string; messages?: Msg[]; tools?: { function?: { name?: string } }[] },
  send: Send,
): boolean {
  // A sandboxed judge has `run`; one with the read-only repository tools is answered by fake-panel-attribution.ts.
  if (
    !req.url?.endsWith("/chat/completions") ||
    !body.tools?.some((t) => t.function?.name === "submit_verdict") ||
    !body.tools.some((t) => t.function?.name === "run")
  )
    return false;
  if (req.headers.authorization !== "Bearer test-key") {
    send(401, { error: { message: "bad key", type: "invalid_request_error" } });
    return true;
  }
  panelSandboxStats.requests++;
  const messages = body.messages ?? [];
  const message = nextTurn(String(body.model ?? ""), messages);
  send(200, {
    id: `chatcmpl-panel-${panelSandboxStats.requests}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: body.model,
    choices: [{ index: 0, finish_reason: "tool_calls", message: { role: "assistant", ...message } }],
    usage: {
      prompt_tokens: Math.ceil(messages.map((m) => m.content ?? "").join("\n").length / 4),
      completion_tokens: 40,
      total_tokens: 0,
    },
  });
  return true;
}
