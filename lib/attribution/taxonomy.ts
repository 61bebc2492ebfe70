import { createHash } from "node:crypto";
import { z } from "zod";
import { taxonomySchema } from "../validation/benchmark-file";

// A benchmark version's bug-type taxonomy (families -> categories with definitions, trigger levels) as the
// attribution classifier reads it (paper D, F.7.3). Pure: no I/O.

export type Taxonomy = z.infer<typeof taxonomySchema>;
export type TaxonomyCategory = { name: string; family: string; definition: string | null };

/** The taxonomy stored on a benchmark row, or null when it has none (or no categories). Unknown keys are ignored. */
export function readTaxonomy(value: unknown): Taxonomy | null {
  const parsed = taxonomySchema.safeParse(value ?? null);
  if (!parsed.success || parsed.data.families.every((f) => f.categories.length === 0)) return null;
  return parsed.data;
}

export function taxonomyCategories(t: Taxonomy): TaxonomyCategory[] {
  return t.families.flatMap((f) =>
    f.categories.map((c) => ({ name: c.name, family: f.name, definition: c.definition ?? null })),
  );
}

/** The version of a taxonomy for cache keys: a hash of its families, categories, definitions and trigger levels. */
export function taxonomyHash(t: Taxonomy): string {
  return createHash("sha256")
    .update(JSON.stringify({ families: t.families, triggers: t.triggers }))
    .digest("hex");
}

/** Trigger levels the classifier may answer; 0 means the information is insufficient (F.7.3). */
export function triggerLevels(t: Taxonomy): number[] {
  return [...new Set([0, ...t.triggers.map((x) => x.level)])].sort((a, b) => a - b);
}

/** The reply schema: one category of the taxonomy, one trigger level, a short rationale. */
export function attributionReplyJsonSchema(t: Taxonomy) {
  return {
    type: "object",
    properties: {
      category: { type: "string", enum: taxonomyCategories(t).map((c) => c.name) },
      trigger_level: { type: "integer", enum: triggerLevels(t) },
      rationale: { type: "string" },
    },
    required: ["category", "trigger_level", "rationale"],
    additionalProperties: false,
  } as const;
}

export function attributionReplySchema(t: Taxonomy) {
  const names = taxonomyCategories(t).map((c) => c.name);
  const levels = triggerLevels(t);
  return z.object({
    category: z.string().refine((c) => names.includes(c), { message: "not a category of the taxonomy" }),
    trigger_level: z
      .number()
      .int()
      .refine((l) => levels.includes(l), { message: "not a trigger level of the taxonomy" }),
    rationale: z.string().transform((s) => s.slice(0, 1_000)),
  });
}

/** The family of a category name, and the level of a trigger name, for self-reported labels. */
export function familyOf(t: Taxonomy, category: string): string | null {
  return taxonomyCategories(t).find((c) => c.name === category)?.family ?? null;
}

export function triggerLevelOf(t: Taxonomy, trigger: string | null): number | null {
  if (!trigger) return null;
  return t.triggers.find((x) => x.name.toLowerCase() === trigger.trim().toLowerCase())?.level ?? null;
}

export function triggerName(t: Taxonomy, level: number | null): string | null {
  if (level === null) return null;
  if (level === 0) return "Insufficient information";
  return t.triggers.find((x) => x.level === level)?.name ?? null;
}

/** The text an attribution reads of a bug record, and its hash (the cache key's text part). */
export type AttributionText = {
  file: string;
  title: string;
  description: string;
  codeSnippet: string;
  suggestedFix: string | null;
};

export function attributionTextHash(t: AttributionText): string {
  return createHash("sha256")
    .update(JSON.stringify([t.file, t.title, t.description, t.codeSnippet, t.suggestedFix ?? ""]))
    .digest("hex");
}

/**
 * How a subject's bug type is decided: a category someone supplied (the submitter, or the reference set) is kept as
 * given, even outside the taxonomy (it is then shown without a family); anything else is classified.
 */
export function attributionPlan(category: string | null): "given" | "classify" {
  return category && category.trim() ? "given" : "classify";
}
