import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildJsonSchemas, SCHEMA_DIR } from "../../scripts/write-json-schemas";

// The published JSON Schemas are generated from these zod schemas; a change here needs `npm run schemas`.
describe("published JSON Schemas", () => {
  it("public/schemas/*.schema.json are up to date with lib/validation (run `npm run schemas`)", () => {
    for (const [file, text] of Object.entries(buildJsonSchemas())) {
      expect(readFileSync(path.join(SCHEMA_DIR, file), "utf8"), file).toBe(text);
    }
  });

  it("describes the findings-file fields a submitter writes", () => {
    const schema = JSON.parse(buildJsonSchemas()["findings-file.schema.json"]!);
    expect(schema.required).toEqual(expect.arrayContaining(["benchmark", "model"]));
    const finding = schema.properties.findings.items;
    expect(finding.required).toEqual(
      expect.arrayContaining(["repo", "file", "line_start", "line_end", "title", "description"]),
    );
    expect(finding.properties.severity.enum).toEqual(["low", "medium", "high", "critical"]);
  });
});
