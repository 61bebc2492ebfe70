import { describe, expect, it } from "vitest";
import {
  comparisonLabellers,
  labellerKey,
  MAINTAINERS_LABELS,
  selectLabeller,
  type Labeller,
  type LabellerCandidate,
} from "./labeller";

const labeller = (model: string, prompt = "p".repeat(64), taxonomy = "t".repeat(64)): Labeller => ({
  model,
  promptHash: prompt,
  taxonomyHash: taxonomy,
});
const candidate = (l: Labeller, findings: number, references: number): LabellerCandidate => ({
  ...l,
  findings,
  references,
});

const A = labeller("model-a");
const B = labeller("model-b");
// The same model with another prompt (or endpoint) is another configuration.
const A2 = labeller("model-a", "q".repeat(64));

describe("selectLabeller: one classifier configuration per comparison", () => {
  it("prefers the configured classifier when it labelled every reference bug", () => {
    const s = selectLabeller({
      candidates: [candidate(A, 50, 10), candidate(B, 80, 10)],
      referenceTotal: 10,
      configured: A,
    });
    expect(s).toEqual({ labeller: A, sameLabeller: true, rule: "complete-configured", configured: true });
  });

  it("takes a configuration with complete reference labels over the configured one without them", () => {
    const s = selectLabeller({
      candidates: [candidate(A2, 90, 3), candidate(B, 20, 10)],
      referenceTotal: 10,
      configured: A2,
    });
    expect(s).toEqual({ labeller: B, sameLabeller: true, rule: "complete-most-findings", configured: false });
  });

  it("among complete configurations, not the configured one, the one that labelled the most findings", () => {
    const s = selectLabeller({
      candidates: [candidate(A, 20, 10), candidate(B, 30, 10), candidate(A2, 100, 0)],
      referenceTotal: 10,
      configured: A2,
    });
    expect(s.labeller).toEqual(B);
    expect(s.rule).toBe("complete-most-findings");
  });

  it("without complete reference labels: the configured classifier, with the maintainers' labels on the reference side", () => {
    const s = selectLabeller({
      candidates: [candidate(A, 10, 9), candidate(B, 40, 0)],
      referenceTotal: 10,
      configured: A,
    });
    expect(s).toEqual({ labeller: A, sameLabeller: false, rule: "configured", configured: true });
  });

  it("without complete reference labels or a configured classifier (no LLM): the one that labelled the most findings", () => {
    const s = selectLabeller({
      candidates: [candidate(A, 10, 0), candidate(B, 40, 0)],
      referenceTotal: 10,
      configured: null,
    });
    expect(s).toEqual({ labeller: B, sameLabeller: false, rule: "most-findings", configured: false });
  });

  it("breaks a tie in findings by key, so the choice is stable", () => {
    const s = selectLabeller({
      candidates: [candidate(B, 10, 0), candidate(A, 10, 0)],
      referenceTotal: 10,
      configured: null,
    });
    expect(s.labeller).toEqual(A);
  });

  it("with no finding labelled: a complete configuration labels the reference side alone", () => {
    const s = selectLabeller({ candidates: [candidate(B, 0, 10)], referenceTotal: 10, configured: A });
    expect(s).toEqual({ labeller: B, sameLabeller: true, rule: "reference-only", configured: false });
  });

  it("with nothing labelled: no labeller, the maintainers' labels", () => {
    expect(selectLabeller({ candidates: [], referenceTotal: 10, configured: A })).toEqual({
      labeller: null,
      sameLabeller: false,
      rule: "none",
      configured: false,
    });
    // A partial reference labelling alone labels nothing that can be compared.
    expect(selectLabeller({ candidates: [candidate(A, 0, 4)], referenceTotal: 10, configured: A }).labeller).toBe(null);
  });

  it("a version without reference bugs has no complete labelling", () => {
    const s = selectLabeller({ candidates: [candidate(A, 5, 0)], referenceTotal: 0, configured: A });
    expect(s.sameLabeller).toBe(false);
  });

  it("a requested key picks its configuration, even an incomplete one; an unknown key labels nothing", () => {
    const candidates = [candidate(A, 50, 10), candidate(A2, 5, 2)];
    expect(selectLabeller({ candidates, referenceTotal: 10, configured: A, requested: labellerKey(A2) })).toEqual({
      labeller: A2,
      sameLabeller: false,
      rule: "requested",
      configured: false,
    });
    expect(
      selectLabeller({ candidates, referenceTotal: 10, configured: A, requested: "model-z~aaaa~bbbb" }).labeller,
    ).toBe(null);
  });
});

describe("labellerKey", () => {
  it("keeps a model name with the separator in it distinct, and the hash prefixes", () => {
    expect(labellerKey(labeller("llama3:8b~q4", "0123456789abcdef", "fedcba9876543210"))).toBe(
      "llama3:8b~q4~0123456789ab~fedcba987654",
    );
    expect(labellerKey(A)).not.toBe(labellerKey(A2));
  });
});

describe("comparisonLabellers", () => {
  const context = { referenceTotal: 10, configured: A, unavailable: null };

  it("names one labeller for both sides when it labelled every reference bug", () => {
    const candidates = [candidate(A, 50, 10), candidate(B, 80, 10)];
    const c = comparisonLabellers(selectLabeller({ candidates, ...context }), { candidates, ...context });
    expect(c.sameLabeller).toBe(true);
    expect(c.reference).toEqual(c.agents);
    expect(c.agents?.key).toBe(labellerKey(A));
    expect(c.note).toContain("Both sides are labelled by one classifier configuration, model-a");
    expect(c.choices.map((x) => [x.key, x.chosen, x.configured, x.every_reference])).toEqual([
      [labellerKey(B), false, false, true],
      [labellerKey(A), true, true, true],
    ]);
  });

  it("marks the maintainers' labels as another labeller and says what turns the same-labeller comparison on", () => {
    const candidates = [candidate(A, 50, 4)];
    const c = comparisonLabellers(selectLabeller({ candidates, ...context }), { candidates, ...context });
    expect(c.sameLabeller).toBe(false);
    expect(c.reference).toEqual(MAINTAINERS_LABELS);
    expect(c.note).toContain("it has labelled 4 of 10 reference bugs");
    expect(c.note).toContain("from another labeller");
    expect(c.note).toContain("The same-labeller comparison turns on once");
  });

  it("without an LLM, says so beside the maintainers' labels", () => {
    const unavailable = "Bug-type attribution needs an LLM.";
    const c = comparisonLabellers(selectLabeller({ candidates: [], referenceTotal: 10, configured: null }), {
      candidates: [],
      referenceTotal: 10,
      configured: null,
      unavailable,
    });
    expect(c.agents).toBe(null);
    expect(c.reference.kind).toBe("benchmark");
    expect(c.note).toContain("No finding of this pool is labelled by a classifier yet.");
    expect(c.note).toContain(unavailable);
  });
});
