import { describe, expect, it } from "vitest";
import type { AssistantTurn } from "../llm/structured-client";
import { runAgentLoop, type LoopDeps } from "./agent-loop";

const call = (name: string, args: unknown, id = name): AssistantTurn => ({
  content: null,
  toolCalls: [{ id, name, arguments: JSON.stringify(args) }],
  inputTokens: 100,
  cachedInputTokens: 0,
  costUsd: 0,
  outputTokens: 10,
});
const finding = { file: "a.py", line_start: 1, line_end: 2, title: "t", description: "d", severity: "low" };

function deps(script: AssistantTurn[], over: Partial<LoopDeps> = {}) {
  const executed: string[][] = [];
  const turns: number[] = [];
  let clock = 0;
  const d: LoopDeps = {
    repo: "acme/x",
    limits: { maxTurns: 10, maxTokens: 1_000_000, wallMs: 1_000_000 },
    complete: async () => script.shift() ?? call("list_dir", { path: "." }),
    exec: async (c) => {
      executed.push(c.argv);
      return {
        exitCode: 0,
        stdout: `ran ${c.argv[0]}`,
        stderr: "",
        timedOut: false,
        oomKilled: false,
        droppedBytes: 0,
      };
    },
    afterTurn: async (u) => {
      turns.push(u.turns);
      return null;
    },
    now: () => (clock += 1),
    ...over,
  };
  return { d, executed, turns };
}

describe("the agent loop", () => {
  it("executes tool calls in the sandbox until submit_findings is accepted", async () => {
    const { d, executed, turns } = deps([
      call("list_dir", { path: "." }),
      call("run", { command: "echo hi" }),
      call("submit_findings", { findings: [finding] }),
    ]);
    const result = await runAgentLoop([{ role: "user", content: "go" }], d);
    expect(result.outcome).toBe("submitted");
    expect(result.outcome === "submitted" && result.findings).toEqual([{ ...finding, repo: "acme/x" }]);
    expect(executed).toEqual([
      ["ls", "-lA", "--", "."],
      ["sh", "-c", "echo hi"],
    ]);
    expect(turns).toEqual([1, 2, 3]);
    expect(result.inputTokens).toBe(300);
    const tool = result.messages.filter((m) => m.role === "tool").map((m) => m.content);
    expect(tool).toEqual([
      "ran ls\n[exit status 0]",
      "ran sh\n[exit status 0]",
      "Accepted 1 findings. The pass is complete.",
    ]);
  });

  it("returns invalid findings to the model and accepts the corrected ones", async () => {
    const { d } = deps([
      call("submit_findings", { findings: [{ ...finding, severity: "urgent" }] }, "a"),
      call("submit_findings", { findings: [finding] }, "b"),
    ]);
    const result = await runAgentLoop([], d);
    expect(result.outcome).toBe("submitted");
    expect(result.messages[1]).toMatchObject({
      role: "tool",
      tool_call_id: "a",
      content: expect.stringContaining("findings[0].severity"),
    });
  });

  it("stops at the turn limit without findings", async () => {
    const { d } = deps([], { limits: { maxTurns: 2, maxTokens: 1e9, wallMs: 1e9 } });
    const result = await runAgentLoop([], d);
    expect(result).toMatchObject({ outcome: "limit", turns: 2, reason: expect.stringContaining("turn limit (2)") });
  });

  it("stops when the run says so after a turn (cancel, budget)", async () => {
    let n = 0;
    const { d } = deps([], { afterTurn: async () => (++n === 3 ? "the run is cancelled" : null) });
    const result = await runAgentLoop([], d);
    expect(result).toMatchObject({ outcome: "stopped", reason: "the run is cancelled", turns: 3 });
  });

  it("answers unknown tools, bad JSON and replies without tool calls instead of failing", async () => {
    const { d, executed } = deps([
      {
        content: null,
        toolCalls: [{ id: "x", name: "delete_repo", arguments: "{}" }],
        inputTokens: 1,
        cachedInputTokens: 0,
        costUsd: 0,
        outputTokens: 1,
      },
      {
        content: null,
        toolCalls: [{ id: "y", name: "grep", arguments: "{not json" }],
        inputTokens: 1,
        cachedInputTokens: 0,
        costUsd: 0,
        outputTokens: 1,
      },
      {
        content: "I think I am done.",
        toolCalls: [],
        inputTokens: 1,
        outputTokens: 1,
        cachedInputTokens: 0,
        costUsd: 0,
      },
      call("submit_findings", { findings: [] }),
    ]);
    const result = await runAgentLoop([], d);
    expect(result.outcome).toBe("submitted");
    expect(executed).toEqual([]);
    const texts = result.messages.map((m) => String(m.content));
    expect(texts.some((t) => t.startsWith("Unknown tool delete_repo"))).toBe(true);
    expect(texts.some((t) => t.includes("not valid JSON"))).toBe(true);
    expect(texts.some((t) => t.startsWith("Continue the audit"))).toBe(true);
  });
});
