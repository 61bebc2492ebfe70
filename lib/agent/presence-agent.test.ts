import { describe, expect, it } from "vitest";
import { presenceOutcome } from "../benchmark-build/replies";
import { withHistory } from "./build-session";
import { PRESENCE_TOOL_DEFINITIONS, presenceAtLimit, submitPresenceTool } from "./presence-agent";

describe("the presence check's agent", () => {
  it("has the audit agents' tools and submit_presence, which takes a ground of the four or none", () => {
    expect(PRESENCE_TOOL_DEFINITIONS.map((t) => t.function.name)).toEqual([
      "read_file",
      "list_dir",
      "grep",
      "run",
      "submit_presence",
    ]);
    const dropped = submitPresenceTool.validate(
      { present: false, ground: "code_absent", evidence: "no such file" },
      [],
    );
    expect(dropped).toMatchObject({ value: { ground: "code_absent" } });
    const bad = submitPresenceTool.validate({ present: false, ground: "looks fine", evidence: "" }, []);
    expect(bad).toMatchObject({ error: expect.stringContaining("ground") });
  });

  it("keeps a candidate with low confidence when the session ends without a verdict", () => {
    const reply = presenceAtLimit("the pass reached its turn limit (12) without submitting findings");
    expect(reply.evidence).toBe("No verdict: the check reached its turn limit (12) without a verdict.");
    expect(presenceOutcome(reply)).toEqual({ verdict: "kept", lowConfidence: true });
  });

  it("puts the history in place before a run command, the model's command passed as an argument", () => {
    const argv = withHistory(["sh", "-c", "git --git-dir=/tmp/history log; echo '$1'"]);
    expect(argv.slice(0, 2)).toEqual(["sh", "-c"]);
    expect(argv[2]).toContain("clone -q --bare /repo/history.bundle /tmp/history");
    expect(argv.slice(3)).toEqual(["sh", "git --git-dir=/tmp/history log; echo '$1'"]);
  });
});
