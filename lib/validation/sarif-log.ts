import { z } from "zod";
import { findingArrays, MAX_FINDINGS_PER_FILE, MAX_RUNS_PER_FILE } from "./findings-file";
import type { JsonShapeLimits } from "./parse-json";

// The part of SARIF 2.1.0 (the logs of static analysers) that an upload reads, its media type and the bounds of its
// scan: the shapes sarif.ts converts. Mapping in docs/file-formats.md ("SARIF").

export const SARIF_CONTENT_TYPE = "application/sarif+json";

// The scan's bounds before JSON.parse builds anything (lib/validation/parse-json.ts): results are counted like
// findings (at most MAX_FINDINGS_PER_FILE in all), runs like runs. SARIF nests deeper than a findings file (code
// flows, property bags) and rule lists can be long, so the other bounds are wider.
export const SARIF_SHAPE: JsonShapeLimits = {
  maxDepth: 40,
  maxValues: MAX_FINDINGS_PER_FILE * 60 + 100_000,
  maxObjectKeys: 1_000,
  maxArrayItems: 100_000,
  arrays: findingArrays("results"),
};

// The part of SARIF 2.1.0 the mapping reads; everything else in the log is allowed and ignored.
const text = z.string().max(1_000_000);
const messageSchema = z.looseObject({
  text: text.optional(),
  markdown: text.optional(),
  id: z.string().max(500).optional(),
  arguments: z.array(z.string().max(10_000)).max(100).optional(),
});
const multiformatSchema = z.looseObject({ text: text.optional(), markdown: text.optional() });
const artifactLocationSchema = z.looseObject({
  uri: z.string().max(4_000).optional(),
  uriBaseId: z.string().max(500).optional(),
  index: z.number().int().min(-1).optional(),
});
const regionSchema = z.looseObject({
  startLine: z.number().int().min(1).optional(),
  endLine: z.number().int().min(1).optional(),
  snippet: z.looseObject({ text: text.optional() }).optional(),
});
const locationSchema = z.looseObject({
  physicalLocation: z
    .looseObject({
      artifactLocation: artifactLocationSchema.optional(),
      region: regionSchema.optional(),
      contextRegion: regionSchema.optional(),
    })
    .optional(),
});
const propertiesSchema = z
  .looseObject({ "security-severity": z.union([z.string().max(20), z.number()]).optional() })
  .optional();
export const resultSchema = z.looseObject({
  ruleId: z.string().max(500).optional(),
  ruleIndex: z.number().int().min(-1).optional(),
  rule: z.looseObject({ id: z.string().max(500).optional(), index: z.number().int().min(-1).optional() }).optional(),
  message: messageSchema,
  level: z.enum(["none", "note", "warning", "error"]).optional(),
  locations: z.array(locationSchema).optional(),
  fixes: z.array(z.looseObject({ description: messageSchema.optional() })).optional(),
  properties: propertiesSchema,
});
export const artifactSchema = z.looseObject({ location: artifactLocationSchema.optional() });
export const ruleSchema = z.looseObject({
  id: z.string().max(500).optional(),
  name: z.string().max(500).optional(),
  shortDescription: multiformatSchema.optional(),
  fullDescription: multiformatSchema.optional(),
  help: multiformatSchema.optional(),
  messageStrings: z.record(z.string(), multiformatSchema).optional(),
  defaultConfiguration: z.looseObject({ level: z.enum(["none", "note", "warning", "error"]).optional() }).optional(),
  properties: propertiesSchema,
});
const driverSchema = z.looseObject({
  name: z.string().min(1).max(200),
  version: z.string().max(200).optional(),
  semanticVersion: z.string().max(200).optional(),
});
const runSchema = z.looseObject({
  tool: z.looseObject({ driver: driverSchema.extend({ rules: z.array(ruleSchema).optional() }) }),
  results: z.array(resultSchema).optional(),
  artifacts: z.array(artifactSchema).optional(),
  originalUriBaseIds: z.record(z.string(), artifactLocationSchema).optional(),
  versionControlProvenance: z
    .array(z.looseObject({ repositoryUri: z.string().max(2_000), mappedTo: artifactLocationSchema.optional() }))
    .optional(),
});
export const sarifLogSchema = z.looseObject({
  version: z.literal("2.1.0", { message: 'must be "2.1.0" (SARIF 2.1.0)' }),
  runs: z.array(runSchema).min(1, "must contain at least one run").max(MAX_RUNS_PER_FILE),
});
// The log with its long lists (rules, artifacts, results) unchecked: checked first, whole; the lists then item by
// item between yields, so a log of 200,000 results never holds the event loop for one zod pass over all of them.
const runEnvelopeSchema = runSchema.extend({
  tool: z.looseObject({ driver: driverSchema.extend({ rules: z.array(z.unknown()).optional() }) }),
  results: z.array(z.unknown()).optional(),
  artifacts: z.array(z.unknown()).optional(),
});
export const logEnvelopeSchema = sarifLogSchema.extend({
  runs: z.array(runEnvelopeSchema).min(1, "must contain at least one run").max(MAX_RUNS_PER_FILE),
});
export type SarifRule = z.infer<typeof ruleSchema>;
export type SarifResult = z.infer<typeof resultSchema>;
type SarifArtifact = z.infer<typeof artifactSchema>;
/** A run whose rules and artifacts have been checked (its results are checked one by one as they are converted). */
export type SarifRun = z.infer<typeof runEnvelopeSchema> & { rules: SarifRule[]; artifactList: SarifArtifact[] };

/**
 * Whether an upload's text is a SARIF log, from its first 4 KB (before anything is parsed): a `$schema` naming
 * SARIF, or `"version": "2.1.0"` next to `"runs"`. Findings files have neither.
 */
export function looksLikeSarifText(text: string): boolean {
  const head = text.slice(0, 4096);
  return (
    /"\$schema"\s*:\s*"[^"]*sarif/i.test(head) ||
    (/"version"\s*:\s*"2\.1\.0"/.test(head) && /"runs"\s*:\s*\[/.test(head))
  );
}
