import { describe, expect, it } from "vitest";
import {
  agreedVerdict,
  capConfidence,
  headlineValidity,
  panelReplySchema,
  summarizeVerdicts,
  validityCounts,
} from "./verdicts";

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

describe("validity with its Clopper-Pearson interval (golden values)", () => {
  it("85 of 95 decided -> [0.8149, 0.9484]", () => {
    const v = validityCounts(85, 10, 5);
    expect(v.validity_interval!.map(round4)).toEqual([0.8149, 0.9484]);
    expect(v.validity).toBeCloseTo(85 / 95, 12);
    expect(v.sampled).toBe(100);
  });
  it("0 of 10 -> [0, 0.3085]", () => {
    expect(validityCounts(0, 10, 0).validity_interval!.map(round4)).toEqual([0, 0.3085]);
  });
  it("10 of 10 -> [0.6915, 1]", () => {
    expect(validityCounts(10, 0, 3).validity_interval!.map(round4)).toEqual([0.6915, 1]);
  });
  it("nothing decided: no validity, no interval (abstentions excluded)", () => {
    expect(validityCounts(0, 0, 4)).toMatchObject({
      validity: null,
      validity_interval: null,
      abstained: 4,
      sampled: 4,
    });
  });
});

describe("summarizeVerdicts", () => {
  it("counts overall, matched / unmatched and rejections by reason", () => {
    const s = summarizeVerdicts([
      { verdict: "confirmed", matched: true, reason: null, pocRan: true, repositoryRead: true },
      { verdict: "confirmed", matched: false, reason: null, pocRan: false, repositoryRead: true },
      { verdict: "rejected", matched: false, reason: "intentional", pocRan: true, repositoryRead: true },
      { verdict: "rejected", matched: false, reason: "intentional", pocRan: false, repositoryRead: false },
      { verdict: "rejected", matched: true, reason: "style-only", pocRan: false, repositoryRead: true },
      { verdict: "abstained", matched: false, reason: null, pocRan: false, repositoryRead: false },
      { verdict: null, matched: false, reason: null, pocRan: false, repositoryRead: true },
    ]);
    expect(s).toMatchObject({ sampled: 7, confirmed: 2, rejected: 3, abstained: 1, validity: 0.4 });
    expect(s.matched).toMatchObject({ sampled: 2, confirmed: 1, rejected: 1, validity: 0.5 });
    expect(s.unmatched).toMatchObject({ sampled: 5, confirmed: 1, rejected: 2, abstained: 1 });
    expect(s.by_reason).toEqual({ intentional: 2, "style-only": 1 });
    // Validity stays 2 / (2 + 3) with the abstention out; of the 2 confirmations one had an executed proof of
    // concept and one is reasoning only (capped at Low); 2 of the 7 were judged from their text alone.
    expect(s).toMatchObject({ confirmed_with_poc: 1, confirmed_reasoning_only: 1, judged_text_only: 2 });
  });
});

describe("panel replies", () => {
  it("keeps only what belongs to the verdict and refuses a rejection without a reason", () => {
    const confirmed = panelReplySchema.parse({
      verdict: "confirmed",
      reason: "intentional",
      severity: "high",
      confidence: "high",
      rationale: "ok",
    });
    expect(confirmed).toEqual({
      verdict: "confirmed",
      reason: null,
      severity: "high",
      confidence: "high",
      rationale: "ok",
    });
    expect(
      panelReplySchema.safeParse({
        verdict: "rejected",
        reason: null,
        severity: null,
        confidence: "low",
        rationale: "x",
      }).success,
    ).toBe(false);
    expect(panelReplySchema.safeParse({ verdict: "maybe", confidence: "low", rationale: "x" }).success).toBe(false);
  });
  it("caps a confirmation at low confidence without a sandbox", () => {
    const reply = panelReplySchema.parse({
      verdict: "confirmed",
      reason: null,
      severity: "medium",
      confidence: "high",
      rationale: "r",
    });
    expect(capConfidence(reply, false).confidence).toBe("low");
    expect(capConfidence(reply, true).confidence).toBe("high");
  });
});

describe("agreedVerdict", () => {
  const r = (verdict: "confirmed" | "rejected" | "abstained", judge = "j") => ({
    judge,
    verdict,
    reason: verdict === "rejected" ? "unreachable" : null,
    severity: null,
    confidence: "low",
    pocRan: false,
  });
  it("is the shared verdict when tier 1 agrees, else null (tier 2 decides)", () => {
    expect(agreedVerdict([r("rejected", "a"), r("rejected", "b")])?.judge).toBe("a");
    expect(agreedVerdict([r("confirmed"), r("rejected")])).toBeNull();
    expect(agreedVerdict([r("confirmed"), r("abstained")])).toBeNull();
  });
});

describe("headlineValidity", () => {
  it("heads with the repository-checked verdicts where any exist, the text-only figure beside them", () => {
    // 8 of 10 checked confirmed (80%); 9 of 10 text-only confirmed (90%) stays beside it, not in it.
    const { headline, basis, textOnly } = headlineValidity(validityCounts(8, 2, 0), validityCounts(9, 1, 1));
    expect(basis).toBe("repository_checked");
    expect(headline.validity).toBeCloseTo(0.8, 12);
    expect(textOnly?.validity).toBeCloseTo(0.9, 12);
  });

  it("states the checked subset's share of the sample and the whole sample's validity with its interval", () => {
    // 10 of 21 sampled were checked on the repository (47.6%); pooled, 17 of 20 decided are confirmed (85%).
    const v = headlineValidity(validityCounts(8, 2, 0), validityCounts(9, 1, 1));
    expect(v.checkedShare).toBeCloseTo(10 / 21, 12);
    expect(v.whole).toMatchObject({ sampled: 21, confirmed: 17, rejected: 3, abstained: 1 });
    expect(v.whole!.validity).toBeCloseTo(0.85, 12);
    // Clopper-Pearson at 17 of 20: P(X >= 17 | lower) = 0.025 and P(X <= 17 | upper) = 0.025.
    const binom = (k: number, p: number) => {
      let c = 1;
      for (let i = 0; i < k; i++) c = (c * (20 - i)) / (i + 1);
      return c * p ** k * (1 - p) ** (20 - k);
    };
    const [lower, upper] = v.whole!.validity_interval!;
    expect([17, 18, 19, 20].reduce((s, k) => s + binom(k, lower), 0)).toBeCloseTo(0.025, 6);
    expect([...Array(18).keys()].reduce((s, k) => s + binom(k, upper), 0)).toBeCloseTo(0.025, 6);
    // The subset's interval is the headline's own: 8 of 10.
    expect(v.headline.validity_interval).toEqual(validityCounts(8, 2, 0).validity_interval);
    // No subset when every sampled finding was checked: the headline is the whole sample.
    expect(headlineValidity(validityCounts(8, 2, 0), validityCounts(0, 0, 0))).toMatchObject({
      checkedShare: null,
      whole: null,
    });
  });

  it("falls back to the text-only verdicts, saying so, when no judge read the repository", () => {
    const { headline, basis, textOnly } = headlineValidity(validityCounts(0, 0, 0), validityCounts(3, 1, 0));
    expect(basis).toBe("text_only");
    expect(headline.validity).toBeCloseTo(0.75, 12);
    expect(textOnly).toBeNull();
  });
});
