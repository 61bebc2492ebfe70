import { describe, expect, it } from "vitest";
import {
  attributionPlan,
  attributionReplyJsonSchema,
  attributionReplySchema,
  attributionTextHash,
  readTaxonomy,
  taxonomyHash,
  triggerLevelOf,
  triggerLevels,
  triggerName,
} from "./taxonomy";

const taxonomy = readTaxonomy({
  families: [
    {
      name: "Input handling",
      categories: [
        { name: "Unhandled degenerate value", definition: "zero, empty" },
        { name: "Missing rejection of invalid input" },
      ],
    },
    { name: "Local logic", categories: [{ name: "Wrong arithmetic or comparison expression" }] },
  ],
  triggers: [
    { level: 1, name: "any input" },
    { level: 2, name: "a particular input" },
  ],
})!;

describe("taxonomy", () => {
  it("reads the benchmark's taxonomy and refuses one without categories", () => {
    expect(taxonomy.families).toHaveLength(2);
    expect(readTaxonomy(null)).toBeNull();
    expect(readTaxonomy({ families: [] })).toBeNull();
  });
  it("offers every category and level 0 for insufficient information", () => {
    const schema = attributionReplyJsonSchema(taxonomy);
    expect(schema.properties.category.enum).toEqual([
      "Unhandled degenerate value",
      "Missing rejection of invalid input",
      "Wrong arithmetic or comparison expression",
    ]);
    expect(triggerLevels(taxonomy)).toEqual([0, 1, 2]);
    expect(triggerName(taxonomy, 0)).toBe("Insufficient information");
    expect(triggerLevelOf(taxonomy, "A particular input")).toBe(2);
  });
  it("validates replies against the taxonomy", () => {
    const reply = attributionReplySchema(taxonomy);
    expect(reply.safeParse({ category: "Unhandled degenerate value", trigger_level: 0, rationale: "r" }).success).toBe(
      true,
    );
    expect(reply.safeParse({ category: "Made up", trigger_level: 1, rationale: "r" }).success).toBe(false);
    expect(reply.safeParse({ category: "Unhandled degenerate value", trigger_level: 7, rationale: "r" }).success).toBe(
      false,
    );
  });
  it("keys the cache by taxonomy version and text", () => {
    const other = readTaxonomy({ ...taxonomy, triggers: [{ level: 1, name: "any input" }] })!;
    expect(taxonomyHash(taxonomy)).not.toBe(taxonomyHash(other));
    const text = { file: "a.py", title: "t", description: "d", codeSnippet: "c", suggestedFix: null };
    expect(attributionTextHash(text)).toBe(attributionTextHash({ ...text }));
    expect(attributionTextHash(text)).not.toBe(attributionTextHash({ ...text, title: "u" }));
  });
  it("keeps a supplied category as given and classifies the rest", () => {
    expect(attributionPlan("Unhandled degenerate value")).toBe("given");
    expect(attributionPlan("Something else")).toBe("given");
    expect(attributionPlan(" ")).toBe("classify");
    expect(attributionPlan(null)).toBe("classify");
  });
});
