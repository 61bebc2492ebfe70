import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

// Prompts are files: a front-matter header names the prompt and its version, and the version
// is part of every verdict's cache key, so editing a prompt without bumping it is a visible contract change.
const frontMatterSchema = z.object({
  name: z.string(),
  version: z.coerce.string(),
  description: z.string().optional(),
});

export type PromptTemplate = { name: string; version: string; body: string };

const cache = new Map<string, PromptTemplate>();

export function loadPrompt(name: string, dir = path.join(process.cwd(), "prompts")): PromptTemplate {
  const key = `${dir}:${name}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const text = readFileSync(path.join(dir, `${name}.md`), "utf8");
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`prompts/${name}.md has no front-matter header`);
  const fields = Object.fromEntries(
    match[1]!
      .split("\n")
      .map((line) => line.split(/:\s*/, 2))
      .filter((kv) => kv.length === 2),
  );
  const meta = frontMatterSchema.parse(fields);
  const template = { name: meta.name, version: meta.version, body: match[2]!.trim() };
  cache.set(key, template);
  return template;
}

/** Fills `{{a.title}}`-style placeholders; unknown placeholders are an error, not an empty string. */
export function renderPrompt(body: string, values: Record<string, Record<string, string | number>>): string {
  return body.replace(/\{\{(\w+)\.(\w+)\}\}/g, (_all, group: string, field: string) => {
    const value = values[group]?.[field];
    if (value === undefined) throw new Error(`prompt placeholder {{${group}.${field}}} has no value`);
    return String(value);
  });
}
