import { runSteps, runStepsYielding } from "../steps";
import { z } from "zod";
import { formatPath, invalidInput, type FieldIssue } from "../errors";
import { MAX_LISTED_ISSUES, parseJsonText, type JsonShapeLimits } from "./parse-json";
import { licenceSchema, organisationSchema, parameterCountSchema } from "./model-metadata";
import { BUG_RECORD_SHAPE, TEXT_LIMITS, boundedText, checkLineRange, requiredText, WHEN_LINES_PARSE } from "./common";

// The findings file (the upload format). Same record fields as a reference bug; `suggested_fix`,
// `category` and `confidence` are optional. One run uses `findings`; repeated runs use `runs`.
export const MAX_FINDINGS_PER_FILE = 200_000;
export const MAX_RUNS_PER_FILE = 50;

export const findingSchema = z
  .object({
    id: boundedText(TEXT_LIMITS.id).optional(),
    ...BUG_RECORD_SHAPE,
    confidence: z.number().min(0).max(1).optional(),
  })
  .superRefine(checkLineRange, WHEN_LINES_PARSE);

export const knowledgeCutoffSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?$/, { message: "must be YYYY-MM or YYYY-MM-DD" })
  .refine((value) => value.length === 7 || new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
    message: "is not a calendar date",
  });

const runSchema = z.object({
  cost_usd: z.number().min(0).optional(),
  // An empty array is valid: the finder found nothing.
  findings: z.array(findingSchema, { message: "must be an array of findings (an empty array is allowed)" }),
});

const findingsFileBaseSchema = z.object({
  benchmark: requiredText(TEXT_LIMITS.shortLabel),
  model: requiredText(TEXT_LIMITS.model),
  reasoning_effort: boundedText(TEXT_LIMITS.shortLabel).optional(),
  harness: boundedText(TEXT_LIMITS.shortLabel).optional(),
  cost_usd: z.number().min(0).optional(),
  report_url: z
    .url({ protocol: /^https?$/, message: "must be an http(s) URL" })
    .max(2_000)
    .optional(),
  open_model: z.boolean().optional(),
  organisation: organisationSchema.optional(),
  model_licence: licenceSchema.optional(),
  parameter_count: parameterCountSchema.optional(),
  // §C.4: the model's published knowledge cut-off, a month or a day.
  knowledge_cutoff: knowledgeCutoffSchema.optional(),
  findings: z.array(findingSchema, { message: "must be an array of findings (an empty array is allowed)" }).optional(),
  runs: z.array(runSchema).max(MAX_RUNS_PER_FILE).optional(),
});

// Rules across fields, shared by the whole-file schema and the envelope checked before the findings one by one.
function checkFileShape(file: { findings?: unknown[]; runs?: { findings: unknown[] }[] }, ctx: z.RefinementCtx): void {
  if (file.findings === undefined && file.runs === undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["findings"],
      message: "required: give `findings` (one run) or `runs` (repeated runs)",
    });
  }
  if (file.findings !== undefined && file.runs !== undefined) {
    ctx.addIssue({ code: "custom", path: ["runs"], message: "give either `findings` or `runs`, not both" });
  }
  if (file.runs !== undefined && file.runs.length === 0) {
    ctx.addIssue({ code: "custom", path: ["runs"], message: "must contain at least one run" });
  }
  const total = (file.findings?.length ?? 0) + (file.runs ?? []).reduce((n, r) => n + r.findings.length, 0);
  if (total > MAX_FINDINGS_PER_FILE) {
    ctx.addIssue({
      code: "custom",
      path: [],
      message: `holds ${total} findings; the limit is ${MAX_FINDINGS_PER_FILE}`,
    });
  }
}

export const findingsFileSchema = findingsFileBaseSchema.superRefine(checkFileShape);

export type FindingsFile = z.infer<typeof findingsFileSchema>;
export type FindingInput = z.infer<typeof findingSchema>;

/** The runs of a file, whichever of the two shapes it uses. */
export function runsOf(file: FindingsFile): { cost_usd?: number; findings: FindingInput[] }[] {
  if (file.runs) return file.runs;
  return [{ cost_usd: file.cost_usd, findings: file.findings ?? [] }];
}

// The file's shape as the scan sees it before anything is built (lib/validation/parse-json.ts). A valid file is
// shallow (root > runs > run > findings > finding > field: depth 5) and has at most ~15 keys per object, so these
// bounds are generous for every valid file and cap what a hostile one can make JSON.parse allocate.
export const FINDINGS_FILE_SHAPE: JsonShapeLimits = {
  maxDepth: 16,
  maxValues: MAX_FINDINGS_PER_FILE * 20 + 10_000,
  maxObjectKeys: 64,
  maxArrayItems: 1_000,
  arrays: findingArrays("findings", { topLevel: true }),
};

/**
 * The scan's long arrays in a file of runs (a findings file, a SARIF log): `runs`, at most MAX_RUNS_PER_FILE, and each
 * run's array of findings (`noun`: what the format calls them), at most MAX_FINDINGS_PER_FILE in all the file's runs;
 * `topLevel`: the file may also hold that array at its root instead of runs.
 */
export function findingArrays(noun: string, { topLevel = false } = {}): NonNullable<JsonShapeLimits["arrays"]> {
  const findings = { max: MAX_FINDINGS_PER_FILE, noun, group: { name: noun, max: MAX_FINDINGS_PER_FILE } };
  return (path) => {
    if (topLevel && path.length === 1 && path[0] === noun) return findings;
    if (path.length === 1 && path[0] === "runs") return { max: MAX_RUNS_PER_FILE, noun: "runs" };
    if (path.length === 3 && path[0] === "runs" && path[2] === noun) return findings;
    return undefined;
  };
}

// The file without its findings: checked first, whole, with zod (it is small whatever the file holds).
const findingsFileEnvelopeSchema = findingsFileBaseSchema
  .extend({
    findings: z
      .array(z.unknown(), { message: "must be an array of findings (an empty array is allowed)" })
      .max(MAX_FINDINGS_PER_FILE)
      .optional(),
    runs: z
      .array(
        z.object({
          cost_usd: runSchema.shape.cost_usd,
          findings: z.array(z.unknown(), { message: "must be an array of findings (an empty array is allowed)" }),
        }),
      )
      .max(MAX_RUNS_PER_FILE)
      .optional(),
  })
  .superRefine(checkFileShape);

/** Issues listed up to MAX_LISTED_ISSUES; past that only counted, and the count is said in a last entry. */
export class IssueList {
  readonly issues: FieldIssue[] = [];
  more = 0;
  add(issue: FieldIssue): void {
    if (this.issues.length < MAX_LISTED_ISSUES) this.issues.push(issue);
    else this.more++;
  }
  get total(): number {
    return this.issues.length + this.more;
  }
  listed(): FieldIssue[] {
    return this.more
      ? [...this.issues, { path: "(more)", message: `${this.more} more problems not listed` }]
      : this.issues;
  }
}

// Findings checked between two yields to the event loop when validating on a server (about 10 ms of work).
const SLICE = 1_000;

/**
 * Validates a parsed findings file with the same rules as findingsFileSchema, in time and memory proportional to
 * the file: the envelope first, then one finding at a time, so a file of 200,000 broken findings costs 200,000 small
 * zod errors in turn, never a million at once. A generator, so a server can yield between slices of findings; throws
 * a 422 listing the first problems and counting the rest.
 */
export function* validateFindingsFileSteps(value: unknown, what: string): Generator<void, FindingsFile> {
  const problems = new IssueList();
  const envelope = findingsFileEnvelopeSchema.safeParse(value);
  if (!envelope.success) {
    for (const issue of envelope.error.issues.slice(0, MAX_LISTED_ISSUES))
      problems.add({ path: formatPath(issue.path), message: issue.message });
    problems.more += Math.max(0, envelope.error.issues.length - MAX_LISTED_ISSUES);
  }
  let checked = 0;
  function* checkFindings(items: unknown, prefix: readonly PropertyKey[]): Generator<void, FindingInput[]> {
    const out: FindingInput[] = [];
    if (!Array.isArray(items)) return out;
    // A broken finding's zod error need not carry a stack trace; capturing one would double the cost of each.
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      for (let index = 0; index < items.length; index++) {
        const result = findingSchema.safeParse(items[index]);
        if (result.success) out.push(result.data);
        else
          for (const issue of result.error.issues)
            problems.add({ path: formatPath([...prefix, index, ...issue.path]), message: issue.message });
        if (++checked % SLICE === 0) {
          Error.stackTraceLimit = stackTraceLimit;
          yield;
          Error.stackTraceLimit = 0;
        }
      }
    } finally {
      Error.stackTraceLimit = stackTraceLimit;
    }
    return out;
  }
  // Findings are checked even when the envelope is wrong, so one answer lists every problem that can be placed.
  const raw = (value ?? {}) as { findings?: unknown; runs?: unknown };
  const findings = yield* checkFindings(raw.findings, ["findings"]);
  const runs: FindingInput[][] = [];
  if (Array.isArray(raw.runs)) {
    for (let r = 0; r < raw.runs.length; r++)
      runs.push(
        yield* checkFindings((raw.runs[r] as { findings?: unknown } | null)?.findings, ["runs", r, "findings"]),
      );
  }
  if (problems.total || !envelope.success) {
    throw invalidInput(
      `${what} is invalid: ${problems.total} problem${problems.total === 1 ? "" : "s"}`,
      problems.listed(),
    );
  }
  const file = envelope.data;
  return {
    ...file,
    findings: file.findings ? findings : undefined,
    runs: file.runs?.map((run, r) => ({ ...run, findings: runs[r]! })),
  };
}

/** Validates a parsed findings file in one go (the browser and the CLI). */
export function validateFindingsFile(value: unknown, what = "The findings file"): FindingsFile {
  return runSteps(validateFindingsFileSteps(value, what));
}

/** Parses and validates a findings file's text in one go: malformed JSON by line and column, other problems by path. */
export function parseFindingsText(text: string, what = "The findings file"): FindingsFile {
  return validateFindingsFile(parseJsonText(text, what, FINDINGS_FILE_SHAPE), what);
}

/** Like validateFindingsFile, yielding to the event loop between slices of findings so a server keeps answering. */
async function validateFindingsFileYielding(value: unknown, what = "The findings file"): Promise<FindingsFile> {
  return runStepsYielding(validateFindingsFileSteps(value, what));
}

/** Like parseFindingsText, yielding to the event loop between slices of findings so a server keeps answering. */
export async function parseFindingsTextYielding(text: string, what = "The findings file"): Promise<FindingsFile> {
  return validateFindingsFileYielding(parseJsonText(text, what, FINDINGS_FILE_SHAPE), what);
}
