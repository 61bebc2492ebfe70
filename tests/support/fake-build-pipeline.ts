// The fake model's answers to the benchmark build's prompts (prompts/build-*.md), chosen by the reply format's name.
// Each is a fixed rule over what the real model would read, so a test's repository history decides the outcome:
//  - classifier: a commit whose message starts with "fix" repairs a bug;
//  - extractor: one bug, pinned to the removed lines of the diff's first hunk, or (a hunk that only adds lines) to the
//    parent-side line before the first added one;
//  - presence (an agent session, handleBuildAgentRequest): reads the candidate's file in the sandbox's T0 checkout and
//    the history's newest subject, then answers absent (deliberate_rejection) when the file says "intentional";
//  - report: the title is the fix commit's summary in the present tense; never the fix's lines;
//  - dedup: the matcher's fake rule (fake-openai.ts decideFake);
//  - false-positive audit (an agent session too): reads the record's file in the T0 checkout and the file's history,
//    then flags `not_defect` when the file says "house style" (first citing a paraphrase, which submit_audit refuses,
//    then the line of the read_file output verbatim), else keeps the bug.

import type { IncomingMessage } from "node:http";

type Body = { response_format?: { json_schema?: { name?: string } }; messages?: { role: string; content: string }[] };

function block(user: string, name: string): Record<string, any> {
  const text = new RegExp(`<${name}>\\n([\\s\\S]*?)\\n</${name}>`).exec(user)?.[1];
  return text ? JSON.parse(text) : {};
}

function summaryOf(message: string): string {
  return (message.split("\n")[0] ?? "").replace(/^fix(\([^)]*\))?:\s*/i, "").trim();
}

/** The first hunk's pin: removed lines' parent-side numbers, or the insertion point of a hunk that only adds. */
function firstHunkPin(diff: string): { file: string; start: number; end: number; insertion: boolean } | null {
  const lines = diff.split("\n");
  let file: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const fileHeader = /^diff --git a\/(.+?) b\//.exec(lines[i]!);
    if (fileHeader) file = fileHeader[1]!;
    const hunk = /^@@ -(\d+)(?:,\d+)? \+\d+(?:,\d+)? @@/.exec(lines[i]!);
    if (!hunk || !file) continue;
    let old = Number(hunk[1]);
    const removed: number[] = [];
    let insertAfter: number | null = null;
    for (let j = i + 1; j < lines.length && !lines[j]!.startsWith("@@") && !lines[j]!.startsWith("diff "); j++) {
      const l = lines[j]!;
      if (l.startsWith("-")) removed.push(old++);
      else if (l.startsWith("+")) insertAfter ??= old - 1;
      else old++;
    }
    if (removed.length > 0) return { file, start: Math.min(...removed), end: Math.max(...removed), insertion: false };
    if (insertAfter !== null) return { file, start: insertAfter, end: insertAfter, insertion: true };
  }
  return null;
}

export function answerBuildRequest(body: Body): string | undefined {
  const name = body.response_format?.json_schema?.name;
  const user = body.messages?.findLast((m) => m.role === "user")?.content ?? "";
  if (name === "bugfix_classification") {
    const commit = block(user, "commit");
    const fix = /^fix\b/i.test(String(commit.message ?? ""));
    return JSON.stringify({
      is_bug_fix: fix,
      confidence: fix ? 0.9 : 0.8,
      rationale: fix ? "the message and the diff repair wrong behaviour" : "no behaviour is repaired",
    });
  }
  if (name === "bug_extraction") {
    const commit = block(user, "commit");
    const pin = firstHunkPin(String(commit.diff ?? ""));
    return JSON.stringify({
      bugs: pin
        ? [
            {
              summary: summaryOf(String(commit.message ?? "")),
              file: pin.file,
              line_start: pin.start,
              line_end: pin.end,
              insertion: pin.insertion,
            },
          ]
        : [],
      rationale: pin ? "one logical bug" : "no behavioural repair",
    });
  }
  if (name === "bug_report") {
    const candidate = block(user, "candidate");
    const summary = String(candidate.summary ?? "a defect");
    return JSON.stringify({
      title: summary.charAt(0).toUpperCase() + summary.slice(1),
      description: `In ${candidate.file} lines ${candidate.line_start}-${candidate.line_end}, ${summary}.`,
      severity: "medium",
      suggested_fix: "Correct the computation for the affected inputs.",
    });
  }
  return undefined;
}

type AgentMsg = { role: string; content?: string | null };
type AgentBody = { model?: string; messages?: AgentMsg[]; tools?: { function?: { name?: string } }[] };

let agentCalls = 0;

/** The presence check's and the false-positive audit's agent turns (tools include their submit tool). */
export function handleBuildAgentRequest(
  req: IncomingMessage,
  body: AgentBody,
  send: (status: number, body: unknown) => void,
): boolean {
  const tools = new Set(body.tools?.map((t) => t.function?.name));
  const stage = tools.has("submit_presence") ? "presence" : tools.has("submit_audit") ? "audit" : null;
  if (!req.url?.endsWith("/chat/completions") || !stage) return false;
  if (req.headers.authorization !== "Bearer test-key") {
    send(401, { error: { message: "bad key", type: "invalid_request_error" } });
    return true;
  }
  agentCalls++;
  const messages = body.messages ?? [];
  const user = messages.find((m) => m.role === "user")?.content ?? "";
  const outputs = messages.filter((m) => m.role === "tool").map((m) => m.content ?? "");
  const turn = messages.filter((m) => m.role === "assistant").length;
  const call = (name: string, args: unknown) => ({
    content: null,
    tool_calls: [
      { id: `${stage}_${agentCalls}`, type: "function", function: { name, arguments: JSON.stringify(args) } },
    ],
  });
  const file = String(block(user, stage === "presence" ? "candidate" : "record").file ?? "");
  const history = () => (outputs[1] ?? "").split("\n").find((l) => /^fix|^docs|^feat|^refactor/.test(l)) ?? "none";
  let message;
  if (turn === 0) message = call("read_file", { path: `snapshot/${file}` });
  else if (turn === 1)
    message = call("run", {
      command:
        stage === "presence"
          ? "git --git-dir=/tmp/history log -n 1 --format=%s"
          : `git --git-dir=/tmp/history log --format=%s -- ${file}`,
    });
  else if (stage === "presence")
    message = /intentional/i.test(outputs[0] ?? "")
      ? call("submit_presence", {
          present: false,
          ground: "deliberate_rejection",
          evidence: `the snapshot marks the behaviour as intentional; history: ${history()}`,
        })
      : call("submit_presence", {
          present: true,
          ground: null,
          evidence: `the faulty lines are in the snapshot; history: ${history()}`,
        });
  else {
    const styleLine = (outputs[0] ?? "").split("\n").find((l) => /house style/i.test(l));
    const refused = /was not accepted/.test(outputs.at(-1) ?? "");
    message = styleLine
      ? call("submit_audit", {
          verdict: "flag",
          ground: "not_defect",
          rationale: `the snapshot documents the behaviour as its house style; history: ${history()}`,
          cited_output: refused ? styleLine : "the snapshot says this is the house style",
        })
      : call("submit_audit", {
          verdict: "keep",
          ground: null,
          rationale: `the pinned lines are in the snapshot; history: ${history()}`,
          cited_output: null,
        });
  }
  send(200, {
    id: `chatcmpl-${stage}-${agentCalls}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: body.model,
    choices: [{ index: 0, finish_reason: "tool_calls", message: { role: "assistant", ...message } }],
    usage: {
      prompt_tokens: Math.ceil(messages.map((m) => m.content ?? "").join("\n").length / 4),
      // A provider's prefix cache serves the session's earlier turns: the first turn's prompt is cached after it.
      prompt_tokens_details: { cached_tokens: turn > 0 ? Math.ceil(user.length / 4) : 0 },
      completion_tokens: 40,
      total_tokens: 0,
    },
  });
  return true;
}
