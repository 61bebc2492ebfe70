import { z } from "zod";
import { TEXT_LIMITS } from "./common";
import { licenceSchema, organisationSchema, parameterCountSchema } from "./model-metadata";

// What a SARIF log does not say: the benchmark, and optionally the configuration's labels. Query parameters of
// POST /api/v1/submissions (CLI flags of `probebench submit x.sarif`), read for SARIF uploads only.
const queryText = (max: number) => z.string().trim().min(1, "must not be empty").max(max);
export const sarifUploadQuerySchema = z.object({
  benchmark: queryText(TEXT_LIMITS.shortLabel)
    .optional()
    .meta({ description: "SARIF uploads: the benchmark version, slug@version (required for SARIF)" }),
  model: queryText(TEXT_LIMITS.model)
    .optional()
    .meta({ description: "SARIF uploads: the configuration's name; default the tool's name and version" }),
  harness: queryText(TEXT_LIMITS.shortLabel).optional().meta({ description: "SARIF uploads: the harness label" }),
  reasoning_effort: queryText(TEXT_LIMITS.shortLabel).optional(),
  cost_usd: z.coerce.number().min(0).optional(),
  report_url: z
    .url({ protocol: /^https?$/, message: "must be an http(s) URL" })
    .max(2_000)
    .optional(),
  open_model: z.enum(["true", "false"]).optional(),
  organisation: organisationSchema.optional(),
  model_licence: licenceSchema.optional(),
  parameter_count: z.coerce.number().pipe(parameterCountSchema).optional(),
  repo: z
    .string()
    .trim()
    .max(TEXT_LIMITS.repo)
    .regex(/^[^/\s]+\/[^/\s]+$/, "must be owner/name")
    .optional()
    .meta({
      description:
        "SARIF uploads: the repository of results whose run names none (versionControlProvenance, originalUriBaseIds)",
    }),
  source_root: z.string().trim().min(1, "must not be empty").max(4_000).optional().meta({
    description:
      "SARIF uploads: the directory the analyser ran in (a path or file:// URI); absolute result paths under it are made relative to it",
  }),
});
export type SarifUploadQuery = z.infer<typeof sarifUploadQuerySchema>;
