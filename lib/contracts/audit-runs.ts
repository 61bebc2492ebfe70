import { z } from "zod";
import { harnessSchema } from "./harnesses";
import { boundedText, requiredText, TEXT_LIMITS } from "../validation/common";
import { pageInfoSchema, pageQuerySchema, timestampSchema } from "./common";

// In-house audit runs (/api/v1/admin/runs): launch, list, read, cancel, and one pass with its transcript.

/** A run's budget: any of USD, tokens and wall minutes (lib/agent/budget.ts checks it). */
export const runBudgetSchema = z
  .object({
    usd: z.number().positive().max(1_000_000).optional(),
    tokens: z.number().int().positive().max(100_000_000_000).optional(),
    wall_minutes: z
      .number()
      .positive()
      .max(60 * 24 * 30)
      .optional(),
  })
  .strict();
export type RunBudget = z.infer<typeof runBudgetSchema>;

export const createRunBodySchema = z
  .object({
    benchmark: requiredText(TEXT_LIMITS.shortLabel),
    model: requiredText(TEXT_LIMITS.model),
    reasoning_effort: boundedText(50).optional(),
    base_url: z
      .url({ protocol: /^https?$/ })
      .max(500)
      .optional(),
    harness: harnessSchema,
    repos: z.array(requiredText(TEXT_LIMITS.repo)).max(500).optional(),
    budget: runBudgetSchema.default({}),
  })
  .strict();

export const listRunsQuerySchema = z.object(pageQuerySchema);

const passStatusSchema = z.string();
const auditPassSummarySchema = z.looseObject({
  id: z.string(),
  repo: z.string(),
  pass: z.string(),
  files: z.array(z.string()),
  status: passStatusSchema,
  attempts: z.number().int(),
  turns: z.number().int(),
  tokens: z.number().int(),
  cost_usd: z.number(),
  findings: z.number().int(),
  error: z.string().nullable(),
  started_at: timestampSchema.nullable(),
  finished_at: timestampSchema.nullable(),
});
const auditRunSummarySchema = z.looseObject({
  id: z.string(),
  benchmark: z.string(),
  model: z.string(),
  reasoning_effort: z.string().nullable(),
  harness: z.string(),
  base_url: z.string().nullable(),
  repos: z.array(z.string()),
  status: z.string(),
  error: z.string().nullable(),
  passes_total: z.number().int(),
  passes_done: z.number().int(),
  passes_failed: z.number().int(),
  passes_running: z.number().int(),
  tokens: z.number().int(),
  input_tokens: z.number().int(),
  cached_input_tokens: z.number().int().meta({
    description: "The part of input_tokens the provider's prefix cache served (billed at its cached price)",
  }),
  output_tokens: z.number().int(),
  cost_usd: z.number(),
  budget: z.object({ usd: z.number().nullable(), tokens: z.number().nullable(), wall_minutes: z.number().nullable() }),
  submission_id: z.string().nullable(),
  sandbox: z
    .object({
      kind: z.enum(["docker", "process", "none"]),
      reason: z.string().meta({ description: "Why this sandbox: SANDBOX's value, or what auto-detection found" }),
      warning: z.string().nullable().meta({ description: "A limit that does not hold as documented, else null" }),
      isolation: z
        .object({
          cgroup: z
            .string()
            .nullable()
            .meta({ description: "Where the limits hold as a whole (cgroup v1/v2, container); null: per process" }),
          namespaces: z.string().meta({ description: "The namespaces a command runs in, and which it may create" }),
          syscalls: z.string().meta({ description: "The syscall policy (seccomp) a command runs under" }),
        })
        .nullable()
        .meta({ description: "How a command is isolated; null for runs recorded before it was kept" }),
    })
    .nullable()
    .meta({ description: "The sandbox the worker ran the passes in; null before it started" }),
  created_at: timestampSchema,
  started_at: timestampSchema.nullable(),
  finished_at: timestampSchema.nullable(),
});
export const auditRunListSchema = z
  .object({ runs: z.array(auditRunSummarySchema), pagination: pageInfoSchema })
  .meta({ id: "AuditRunList" });
export const auditRunSchema = auditRunSummarySchema
  .extend({ passes: z.array(auditPassSummarySchema) })
  .meta({ id: "AuditRun" });
export const auditPassSchema = auditPassSummarySchema
  .extend({ transcript: z.array(z.unknown()), findings_list: z.array(z.unknown()) })
  .meta({ id: "AuditPass" });
export const createdAuditRunSchema = z
  .object({ id: z.string(), status: z.literal("queued"), passes_total: z.number().int() })
  .meta({ id: "CreatedAuditRun" });
export const cancelledAuditRunSchema = z
  .object({ id: z.string(), status: z.literal("cancelled") })
  .meta({ id: "CancelledAuditRun" });

export const passPath = z.object({ id: z.string(), passId: z.string() });
