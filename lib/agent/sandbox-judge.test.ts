import { describe, expect, it } from "vitest";
import type { AssistantTurn } from "../llm/structured-client";
import { runAgentLoop } from "./agent-loop";
import type { ExecResult } from "../sandbox/sandbox";
import {
  abstainedAtLimit,
  PANEL_TOOL_DEFINITIONS,
  POC_MAX_COMMANDS,
  POC_OUTPUT_CHARS,
  proofOfConceptRan,
  recordRun,
  submitVerdictTool,
  type PocRecord,
} from "./sandbox-judge";
import { capConfidence, type PanelReply } from "../panel/verdicts";

const call = (name: string, args: unknown): AssistantTurn => ({
  content: null,
  toolCalls: [{ id: name, name, arguments: JSON.stringify(args) }],
  inputTokens: 100,
  cachedInputTokens: 0,
  costUsd: 0,
  outputTokens: 10,
});
const confirmedHigh = {
  verdict: "confirmed",
  reason: null,
  severity: "high",
  confidence: "high",
  rationale: "ran it: wrong result",
};
const ok = (stdout: string): ExecResult => ({
  exitCode: 0,
  stdout,
  stderr: "",
  timedOut: false,
  oomKilled: false,
  droppedBytes: 0,
});

/** A sandboxed judge as run-panel.ts runs it, with a scripted model and a fake sandbox: the stored reply. */
async function judge(script: AssistantTurn[], maxTurns = 6) {
  const poc: PocRecord = { turns: 0, commands: [], commands_omitted: 0 };
  const executed: string[][] = [];
  const result = await runAgentLoop<PanelReply>([{ role: "user", content: "finding" }], {
    repo: "acme/x",
    limits: { maxTurns, maxTokens: 1_000_000, wallMs: 1_000_000 },
    submit: submitVerdictTool,
    complete: async () => script.shift() ?? call("list_dir", { path: "." }),
    exec: async ({ tool, argv }) => {
      executed.push(argv);
      const r = ok(`out of ${argv[0]}`);
      if (tool === "run") recordRun(poc, argv[2]!, r);
      return r;
    },
    afterTurn: async () => null,
    now: () => 0,
  });
  const reply = result.outcome === "submitted" ? result.findings : abstainedAtLimit(result.reason);
  return { stored: capConfidence(reply, proofOfConceptRan(poc)), poc, executed, result };
}

describe("the confidence cap of a panel judge (F.6.2)", () => {
  it("a confirmation keeps its confidence only when the judge ran a command in the sandbox", async () => {
    const ran = await judge([call("run", { command: "python3 /tmp/poc.py" }), call("submit_verdict", confirmedHigh)]);
    expect(ran.stored).toMatchObject({ verdict: "confirmed", confidence: "high", severity: "high" });
    expect(ran.poc.commands).toEqual([
      { command: "python3 /tmp/poc.py", exit_code: 0, timed_out: false, out_of_memory: false, output: "out of sh" },
    ]);

    // Reading and searching is not a proof of concept: capped.
    const read = await judge([
      call("read_file", { path: "a.py" }),
      call("grep", { pattern: "x" }),
      call("submit_verdict", confirmedHigh),
    ]);
    expect(read.executed.map((a) => a[0])).toEqual(["awk", "grep"]);
    expect(read.stored.confidence).toBe("low");
    expect(proofOfConceptRan(read.poc)).toBe(false);

    // A run call with bad arguments never reached the sandbox: capped.
    const bad = await judge([call("run", { command: "" }), call("submit_verdict", confirmedHigh)]);
    expect(bad.executed).toEqual([]);
    expect(bad.stored.confidence).toBe("low");
  });

  it("rejections and abstentions are never capped; without a sandbox every confirmation is", () => {
    const reply = {
      verdict: "rejected",
      reason: "unreachable",
      severity: null,
      confidence: "high",
      rationale: "",
    } as const;
    expect(capConfidence(reply, false).confidence).toBe("high");
    expect(capConfidence({ ...reply, verdict: "confirmed", reason: null, severity: "low" }, false).confidence).toBe(
      "low",
    );
  });
});

describe("submit_verdict", () => {
  it("takes the panel reply schema; an invalid verdict goes back to the model, which may submit again", async () => {
    const { stored, result } = await judge([
      call("submit_verdict", { verdict: "rejected", confidence: "high", rationale: "x" }),
      call("submit_verdict", { ...confirmedHigh, verdict: "rejected", reason: "intentional" }),
    ]);
    expect(result.outcome).toBe("submitted");
    expect(result.messages.find((m) => m.role === "tool")?.content).toContain("reason: a rejection needs a reason");
    expect(stored).toMatchObject({ verdict: "rejected", reason: "intentional", severity: null, confidence: "high" });
  });

  it("a judge that reaches a limit without a verdict abstains, saying why", async () => {
    const { stored, result } = await judge([], 3);
    expect(result.turns).toBe(3);
    expect(stored).toEqual({
      verdict: "abstained",
      reason: null,
      severity: null,
      confidence: "low",
      rationale: "No verdict: the judge reached its turn limit (3) without a verdict.",
    });
  });

  it("the judge's tools are the agent's, with submit_verdict instead of submit_findings", () => {
    expect(PANEL_TOOL_DEFINITIONS.map((t) => t.function.name)).toEqual([
      "read_file",
      "list_dir",
      "grep",
      "run",
      "submit_verdict",
    ]);
  });
});

describe("the proof-of-concept record", () => {
  it("keeps each command's output cut to its start and end, and counts commands beyond the limit", () => {
    const poc: PocRecord = { turns: 0, commands: [], commands_omitted: 0 };
    recordRun(poc, "make test", {
      exitCode: 2,
      stdout: "a".repeat(5_000) + "END",
      stderr: "boom",
      timedOut: false,
      oomKilled: false,
      droppedBytes: 0,
    });
    const out = poc.commands[0]!.output;
    expect(out.length).toBeLessThan(POC_OUTPUT_CHARS + 100);
    expect(out.startsWith("aaaa")).toBe(true);
    expect(out).toContain("characters cut");
    expect(out.endsWith("[stderr]\nboom")).toBe(true);
    expect(poc.commands[0]).toMatchObject({ command: "make test", exit_code: 2, timed_out: false });
    for (let i = 0; i < POC_MAX_COMMANDS + 2; i++) recordRun(poc, `echo ${i}`, ok(String(i)));
    expect(poc.commands).toHaveLength(POC_MAX_COMMANDS);
    expect(poc.commands_omitted).toBe(3);
    expect(proofOfConceptRan(poc)).toBe(true);
  });

  it("records a command killed at the memory limit as out of memory, not as a time limit", () => {
    const poc: PocRecord = { turns: 0, commands: [], commands_omitted: 0 };
    recordRun(poc, "python3 big.py", {
      exitCode: 137,
      stdout: "",
      stderr: "Killed\n",
      timedOut: false,
      oomKilled: true,
      droppedBytes: 0,
    });
    expect(poc.commands[0]).toMatchObject({ exit_code: 137, timed_out: false, out_of_memory: true });
  });
});
