import { describe, expect, it } from "vitest";
import { formatScores } from "./format";

describe("formatScores: the panel line", () => {
  it("shows validity with its interval once the panel is done, else its status", () => {
    const done = formatScores({ id: "s1", status: "scored", panel: { status: "done", sampled: 100, confirmed: 85, rejected: 10, abstained: 5, validity: 85 / 95, validity_interval: [0.8149, 0.9484] } });
    expect(done).toContain("Panel: validity 89.5% [81.5%–94.8%] (85 confirmed, 10 rejected, 5 abstained of 100 sampled)");
    const running = formatScores({ id: "s1", status: "scored", panel: { status: "running", sampled: 0, confirmed: 0, rejected: 0, abstained: 0, validity: null, validity_interval: null }, panel_job: { progress: 40, error: null } });
    expect(running).toContain("Panel: running 40%");
    expect(formatScores({ id: "s1", status: "scored", panel: null })).not.toContain("Panel");
  });
});
