import { z } from "zod";

// The replies the build's model stages must return (structured output, json_schema strict), validated with zod before
// any is used. Texts are capped rather than refused where a wordy model must not fail a build; shapes are refused
// (the client asks again, then the stage fails the candidate's call).

const text = (max: number) => z.string().transform((s) => s.slice(0, max));
const line = z.number().int().min(0).max(10_000_000);

/** F.2.1: does any part of the commit correct previously buggy behaviour? */
export const classifierReplySchema = z.object({
  is_bug_fix: z.boolean(),
  confidence: z.number().min(0).max(1),
  rationale: text(1_000),
});

/** F.2.2: one logical bug per commit unless root causes are clearly independent, pinned to parent-side lines. */
export const extractorReplySchema = z.object({
  bugs: z
    .array(
      z.object({
        summary: text(1_000),
        file: z.string().min(1).max(1_000),
        line_start: line,
        line_end: line,
        // true: the fix only adds lines; line_start is the parent-side line after which they go (0: top of the file).
        insertion: z.boolean(),
      }),
    )
    .max(10),
  rationale: text(1_000),
});

/** F.2.3's four grounds for dropping a candidate; each is a fact about the snapshot, not about the commit's text. */
const PRESENCE_GROUNDS = [
  "postdated_precondition",
  "deliberate_rejection",
  "absent_capability",
  "code_absent",
] as const;

export const presenceReplySchema = z.object({
  present: z.boolean(),
  ground: z.enum(PRESENCE_GROUNDS).nullable(),
  evidence: text(2_000),
});

const SEVERITIES = ["low", "medium", "high", "critical"] as const;

/** F.2.4: the report of a surviving defect, in the present tense, about the snapshot. */
export const reportReplySchema = z.object({
  title: z
    .string()
    .min(1)
    .transform((s) => s.slice(0, 300)),
  description: z
    .string()
    .min(1)
    .transform((s) => s.slice(0, 5_000)),
  severity: z.enum(SEVERITIES),
  suggested_fix: text(3_000),
});

/** F.2.5: the judge's shape (same root-cause flaw or not). */
export const dedupReplySchema = z.object({ match: z.boolean(), rationale: text(1_000) });

/** F.3.1's grounds for flagging a reference bug, in the paper's priority order. */
const AUDIT_FLAG_GROUNDS = ["temporal", "not_defect", "wrong_location", "wrong_description"] as const;

// The command output a verdict cites is quoted, not summarised, and at most this long: enough for the lines that
// establish a ground, short enough to show beside the bug.
const AUDIT_CITED_OUTPUT_MAX_CHARS = 4_000;

/** F.3.1, submitted by the audit agent: keep, or flag on one ground citing the tool output it rests on. */
export const auditReplySchema = z
  .object({
    verdict: z.enum(["keep", "flag"]),
    ground: z.enum(AUDIT_FLAG_GROUNDS).nullable(),
    rationale: text(2_000),
    cited_output: z.string().max(AUDIT_CITED_OUTPUT_MAX_CHARS).nullable(),
  })
  .superRefine((r, ctx) => {
    if (r.verdict === "flag" && r.ground === null)
      ctx.addIssue({
        code: "custom",
        path: ["ground"],
        message: `a flag names one of ${AUDIT_FLAG_GROUNDS.join(", ")}`,
      });
    if (r.verdict === "keep" && r.ground !== null)
      ctx.addIssue({ code: "custom", path: ["ground"], message: "a kept bug has no ground: send null" });
    if (r.verdict === "flag" && !r.cited_output?.trim())
      ctx.addIssue({ code: "custom", path: ["cited_output"], message: "a flag quotes the tool output it relies on" });
  });

/**
 * The strict JSON schema of a reply, as response_format takes it: what the model must send (zod's input side), every
 * object closed (strict mode refuses a schema whose objects allow other properties).
 */
export function replyJsonSchema(schema: z.ZodType): object {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io: "input" }) as Record<string, unknown>;
  const close = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(close);
    if (!node || typeof node !== "object") return;
    const record = node as Record<string, unknown>;
    if (record.type === "object") record.additionalProperties = false;
    Object.values(record).forEach(close);
  };
  close(rest);
  return rest;
}

export type PresenceOutcome =
  { verdict: "dropped"; ground: (typeof PRESENCE_GROUNDS)[number] } | { verdict: "kept"; lowConfidence: boolean };

/**
 * F.2.3's rule: a candidate is dropped only when the check establishes it was not present and names one of the four
 * grounds; "absent" without a ground keeps it, with low confidence.
 */
export function presenceOutcome(reply: z.infer<typeof presenceReplySchema>): PresenceOutcome {
  if (reply.present) return { verdict: "kept", lowConfidence: false };
  if (reply.ground) return { verdict: "dropped", ground: reply.ground };
  return { verdict: "kept", lowConfidence: true };
}

/** The first fix line a report quotes (title, description), or null: a report never carries the fix's own text. */
export function quotedFixLine(
  report: { title: string; description: string },
  fixLines: readonly string[],
): string | null {
  const haystack = `${report.title}\n${report.description}`;
  return fixLines.find((l) => haystack.includes(l)) ?? null;
}
