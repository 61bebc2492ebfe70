import { z } from "zod";
import { TEXT_LIMITS, boundedText, checkLineRange, lineNumberSchema, requiredText, severitySchema } from "./common";

// The findings file (the upload format). Same record fields as a reference bug (DESIGN.md); `suggested_fix`,
// `category` and `confidence` are optional. One run uses `findings`; repeated runs use `runs`.
export const MAX_FINDINGS_PER_FILE = 200_000;
export const MAX_RUNS_PER_FILE = 50;

export const findingSchema = z
  .object({
    id: boundedText(TEXT_LIMITS.id).optional(),
    repo: requiredText(TEXT_LIMITS.repo),
    file: requiredText(TEXT_LIMITS.file),
    line_start: lineNumberSchema,
    line_end: lineNumberSchema,
    title: requiredText(TEXT_LIMITS.title),
    description: requiredText(TEXT_LIMITS.description),
    code_snippet: boundedText(TEXT_LIMITS.codeSnippet).optional(),
    severity: severitySchema.optional(),
    confidence: z.number().min(0).max(1).optional(),
    suggested_fix: boundedText(TEXT_LIMITS.suggestedFix).optional(),
    category: boundedText(TEXT_LIMITS.category).optional(),
    trigger: boundedText(TEXT_LIMITS.trigger).optional(),
  })
  .superRefine(checkLineRange);

export const runSchema = z.object({
  cost_usd: z.number().min(0).optional(),
  // An empty array is valid: the finder found nothing.
  findings: z.array(findingSchema, { message: "must be an array of findings (an empty array is allowed)" }),
});

export const findingsFileSchema = z
  .object({
    benchmark: requiredText(TEXT_LIMITS.shortLabel),
    model: requiredText(TEXT_LIMITS.model),
    reasoning_effort: boundedText(TEXT_LIMITS.shortLabel).optional(),
    harness: boundedText(TEXT_LIMITS.shortLabel).optional(),
    cost_usd: z.number().min(0).optional(),
    report_url: z.url({ protocol: /^https?$/, message: "must be an http(s) URL" }).max(2_000).optional(),
    open_model: z.boolean().optional(),
    findings: z.array(findingSchema, { message: "must be an array of findings (an empty array is allowed)" }).optional(),
    runs: z.array(runSchema).max(MAX_RUNS_PER_FILE).optional(),
  })
  .superRefine((file, ctx) => {
    if (file.findings === undefined && file.runs === undefined) {
      ctx.addIssue({ code: "custom", path: ["findings"], message: "required: give `findings` (one run) or `runs` (repeated runs)" });
    }
    if (file.findings !== undefined && file.runs !== undefined) {
      ctx.addIssue({ code: "custom", path: ["runs"], message: "give either `findings` or `runs`, not both" });
    }
    if (file.runs !== undefined && file.runs.length === 0) {
      ctx.addIssue({ code: "custom", path: ["runs"], message: "must contain at least one run" });
    }
    const total = (file.findings?.length ?? 0) + (file.runs ?? []).reduce((n, r) => n + r.findings.length, 0);
    if (total > MAX_FINDINGS_PER_FILE) {
      ctx.addIssue({ code: "custom", path: [], message: `holds ${total} findings; the limit is ${MAX_FINDINGS_PER_FILE}` });
    }
  });

export type FindingsFile = z.infer<typeof findingsFileSchema>;
export type FindingInput = z.infer<typeof findingSchema>;

/** The runs of a file, whichever of the two shapes it uses. */
export function runsOf(file: FindingsFile): { cost_usd?: number; findings: FindingInput[] }[] {
  if (file.runs) return file.runs;
  return [{ cost_usd: file.cost_usd, findings: file.findings ?? [] }];
}
