import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { describe, expect, it } from "vitest";
import { AUDIT_TOOL_DEFINITIONS, auditMark, submitAuditTool } from "./false-positive-agent";

// A session that read text.py (its output as the loop feeds it back) and then tried submit_audit once.
const transcript: ChatCompletionMessageParam[] = [
  { role: "user", content: "<record>the slug joins words with underscores</record>" },
  {
    role: "assistant",
    content: null,
    tool_calls: [
      { id: "c1", type: "function", function: { name: "read_file", arguments: '{"path":"snapshot/text.py"}' } },
      { id: "c2", type: "function", function: { name: "submit_audit", arguments: "{}" } },
    ],
  },
  {
    role: "tool",
    tool_call_id: "c1",
    content: "     1  def slug(s):\n     2      # house style: words joined with underscores\n[exit status 0]",
  },
  { role: "tool", tool_call_id: "c2", content: "submit_audit was not accepted; fix these: verdict: invalid option" },
];

const flag = (cited: string | null) => ({
  verdict: "flag",
  ground: "not_defect",
  rationale: "the snapshot documents underscores as the house style",
  cited_output: cited,
});

describe("the false-positive audit's agent", () => {
  it("accepts a flag only with a ground and a verbatim quote of a tool output the session saw", () => {
    const tools = AUDIT_TOOL_DEFINITIONS.map((t) => t.function.name);
    expect(tools.join(" ")).toBe("read_file list_dir grep run submit_audit");
    // Whitespace runs count as one space: the quote may be re-wrapped.
    const cited = "2\t # house style: words joined   with underscores";
    expect(submitAuditTool.validate(flag(cited), transcript)).toMatchObject({ value: { ground: "not_defect" } });
    const problems = (args: unknown) => {
      const result = submitAuditTool.validate(args, transcript);
      return "error" in result ? result.error : "accepted";
    };
    expect(problems({ ...flag(cited), ground: null })).toContain("ground: a flag names one of temporal");
    expect(problems(flag(null))).toContain("cited_output: a flag quotes the tool output");
    expect(problems(flag("x".repeat(4_001)))).toContain("cited_output");
    // Paraphrase, the record (the prompt, not a tool output) and the submit tool's own answer are not citations.
    expect(problems(flag("the comment calls underscores the house style"))).toContain("not in the output");
    expect(problems(flag("the slug joins words with underscores"))).toContain("not in the output");
    expect(problems(flag("submit_audit was not accepted"))).toContain("not in the output");
    expect(problems(flag("house"))).toContain("at least 12 characters");
    expect(problems({ verdict: "keep", ground: "temporal", rationale: "", cited_output: null })).toContain(
      "a kept bug has no ground",
    );
  });

  it("marks a kept bug none, a flag with its ground and quote, and a session without a verdict unrated", () => {
    const reply = { verdict: "keep" as const, ground: null, rationale: "the defect stands", cited_output: " " };
    expect(auditMark({ reply })).toEqual({ ground: "none", rationale: "the defect stands", citedOutput: null });
    expect(auditMark({ limit: "the pass reached its turn limit (16) without submitting findings" })).toEqual({
      ground: null,
      rationale: "No verdict: the check reached its turn limit (16) without a verdict.",
      citedOutput: null,
    });
  });
});
