// `npm run schemas`: writes the published JSON Schemas (public/schemas/*.schema.json) and the OpenAPI document
// (public/schemas/openapi.json) from the zod schemas in lib/validation and lib/contracts, so the documented file formats can never drift from what the server validates. The generated files
// are committed; lib/validation/json-schemas.test.ts fails when they are out of date.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { z } from "zod";
import { benchmarkFileSchema } from "../lib/validation/benchmark-file";
import { findingsFileSchema } from "../lib/validation/findings-file";
import { fixDatesFileSchema } from "../lib/validation/fix-dates-file";
import { buildOpenApiDocument } from "../lib/contracts/openapi-document";

export const SCHEMA_DIR = path.resolve(import.meta.dirname, "..", "public", "schemas");

const SCHEMAS = [
  {
    file: "findings-file.schema.json",
    schema: findingsFileSchema,
    title: "probebench findings file",
    description:
      "A submission to probebench: the findings of one configuration on one benchmark version. Give `findings` for one run or `runs` for repeated runs. Cross-field rules (line_end >= line_start, exactly one of findings/runs, at most 200,000 findings, repositories known to the benchmark) are checked by the server.",
  },
  {
    file: "benchmark-file.schema.json",
    schema: benchmarkFileSchema,
    title: "probebench benchmark file",
    description:
      "A benchmark version: its repositories, its reference set of maintainer-fixed bugs, and optionally its bug-type taxonomy and trigger levels, its collection pipeline's stage counts, each repository's bug-fixing commits over the reference window and each reference bug's fix commit. Uniqueness of repository names, reference-bug ids and fix commits, and that a bug's fix_commit is among its repository's fix_commits, are checked by the server.",
  },
  {
    file: "fix-dates-file.schema.json",
    schema: fixDatesFileSchema,
    title: "probebench fix-dates file",
    description:
      "Fix dates and fix commits of the reference bugs of an existing benchmark version, and each repository's bug-fixing commits and commit and test counts over the reference window, for a version imported without them. That every row names a known reference bug, repository and listed fix commit is checked by the server.",
  },
] as const;

/** The JSON text of every published schema, keyed by file name. Deterministic, so the test can compare bytes. */
export function buildJsonSchemas(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { file, schema, title, description } of SCHEMAS) {
    // "input": the shape a client writes (defaults may be omitted), not the parsed output.
    const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
    const document = { $id: `https://probebench.com/schemas/${file}`, title, description, ...json };
    out[file] = `${JSON.stringify(document, null, 2)}\n`;
  }
  // The API contract, also served at /api/v1/openapi.json (lib/contracts/openapi-document.ts).
  out["openapi.json"] = `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;
  return out;
}

function main(): void {
  mkdirSync(SCHEMA_DIR, { recursive: true });
  for (const [file, text] of Object.entries(buildJsonSchemas())) {
    writeFileSync(path.join(SCHEMA_DIR, file), text);
    console.log(`wrote public/schemas/${file}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main();
