import { z } from "zod";
import { clopperPearson } from "../scoring/stats";

// The panel's verdicts (paper F.6.2, Table 14) and how they add up. Pure: shared by the worker, the API and pages.

export const PANEL_VERDICTS = ["confirmed", "rejected", "abstained"] as const;
const REJECTION_REASONS = [
  "code-mismatch",
  "unreachable",
  "intentional",
  "error-mode-only",
  "out-of-scope",
  "style-only",
] as const;
const PANEL_SEVERITIES = ["low", "medium", "high", "critical"] as const;
const PANEL_CONFIDENCES = ["low", "medium", "high"] as const;

type PanelVerdict = (typeof PANEL_VERDICTS)[number];
export type RejectionReason = (typeof REJECTION_REASONS)[number];

export const REASON_LABELS: Record<RejectionReason, string> = {
  "code-mismatch": "Code does not do what the finding says",
  unreachable: "Unreachable through the public API",
  intentional: "Intentional, documented behaviour",
  "error-mode-only": "Only changes how an error is reported",
  "out-of-scope": "Outside the supported scope",
  "style-only": "Style or quality, not a bug",
};

/** The reply a panel judge must return (json_schema response_format); validated again with zod. */
export const panelReplyJsonSchema = {
  type: "object",
  properties: {
    verdict: { type: "string", enum: [...PANEL_VERDICTS] },
    reason: { type: ["string", "null"], enum: [...REJECTION_REASONS, null] },
    severity: { type: ["string", "null"], enum: [...PANEL_SEVERITIES, null] },
    confidence: { type: "string", enum: [...PANEL_CONFIDENCES] },
    rationale: { type: "string" },
  },
  required: ["verdict", "reason", "severity", "confidence", "rationale"],
  additionalProperties: false,
} as const;

const MAX_PANEL_RATIONALE = 2_000;

export const panelReplySchema = z
  .object({
    verdict: z.enum(PANEL_VERDICTS),
    reason: z.enum(REJECTION_REASONS).nullable().optional(),
    severity: z.enum(PANEL_SEVERITIES).nullable().optional(),
    confidence: z.enum(PANEL_CONFIDENCES),
    rationale: z.string().transform((s) =>
      // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed here
      s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, " ").slice(0, MAX_PANEL_RATIONALE),
    ),
  })
  // A rejection must say why; reasons and severities that do not belong to the verdict are dropped, not trusted.
  .refine((r) => r.verdict !== "rejected" || !!r.reason, { message: "a rejection needs a reason", path: ["reason"] })
  .transform((r) => ({
    verdict: r.verdict,
    reason: r.verdict === "rejected" ? (r.reason ?? null) : null,
    severity: r.verdict === "confirmed" ? (r.severity ?? null) : null,
    confidence: r.confidence,
    rationale: r.rationale,
  }));

export type PanelReply = z.infer<typeof panelReplySchema>;

/**
 * F.6.2: a judge that did not run the code (no snapshot, the read-only repository tools, or a sandbox it only read
 * from) confirms by reasoning only, so its confirmation is capped at low confidence. `ranProofOfConcept`: the judge executed a command
 * (a `run` call) in a sandbox of the snapshot.
 */
export function capConfidence(reply: PanelReply, ranProofOfConcept: boolean): PanelReply {
  if (ranProofOfConcept || reply.verdict !== "confirmed") return reply;
  return { ...reply, confidence: "low" };
}

/** `pocRan`: the judge executed a proof of concept in a sandbox of the snapshot. */
export type TierReview = {
  judge: string;
  verdict: PanelVerdict;
  reason: string | null;
  severity: string | null;
  confidence: string;
  pocRan: boolean;
};

/**
 * The final verdict of one finding: the tier 1 verdict when both tier 1 judges agree on it (the first judge's reason
 * and severity), else null, meaning the tier 2 judge decides.
 */
export function agreedVerdict(tier1: readonly TierReview[]): TierReview | null {
  if (tier1.length === 0) return null;
  const first = tier1[0]!;
  return tier1.every((r) => r.verdict === first.verdict) ? first : null;
}

export type ValidityCounts = {
  sampled: number;
  confirmed: number;
  rejected: number;
  abstained: number;
  /** confirmed / (confirmed + rejected); null when nothing was decided. */
  validity: number | null;
  /** 95% Clopper-Pearson interval; null when nothing was decided. */
  validity_interval: [number, number] | null;
};

export type PanelSummaryCounts = ValidityCounts & {
  matched: ValidityCounts;
  unmatched: ValidityCounts;
  by_reason: Record<string, number>;
  /** Confirmations whose final judge executed a proof of concept (F.6.2). */
  confirmed_with_poc: number;
  /** Confirmations on reasoning only, so capped at low confidence (F.6.2). */
  confirmed_reasoning_only: number;
  /** Sampled findings whose repository had no snapshot: judged from the finding's text and the context document. */
  judged_text_only: number;
};

export type SampleOutcome = {
  verdict: PanelVerdict | null;
  matched: boolean;
  reason: string | null;
  pocRan: boolean;
  repositoryRead: boolean;
};

export function validityCounts(
  confirmed: number,
  rejected: number,
  abstained: number,
  sampled = confirmed + rejected + abstained,
): ValidityCounts {
  const decided = confirmed + rejected;
  const interval = decided > 0 ? clopperPearson(confirmed, decided) : null;
  return {
    sampled,
    confirmed,
    rejected,
    abstained,
    validity: decided > 0 ? confirmed / decided : null,
    validity_interval: interval,
  };
}

/** Adds up final verdicts: overall, for findings that matched a reference bug and those that did not, and by reason. */
export function summarizeVerdicts(samples: readonly SampleOutcome[]): PanelSummaryCounts {
  const count = (list: readonly { verdict: PanelVerdict | null }[]) =>
    validityCounts(
      list.filter((s) => s.verdict === "confirmed").length,
      list.filter((s) => s.verdict === "rejected").length,
      list.filter((s) => s.verdict === "abstained").length,
      list.length,
    );
  const byReason: Record<string, number> = {};
  for (const s of samples) if (s.verdict === "rejected" && s.reason) byReason[s.reason] = (byReason[s.reason] ?? 0) + 1;
  return {
    ...count(samples),
    matched: count(samples.filter((s) => s.matched)),
    unmatched: count(samples.filter((s) => !s.matched)),
    by_reason: byReason,
    confirmed_with_poc: samples.filter((s) => s.verdict === "confirmed" && s.pocRan).length,
    confirmed_reasoning_only: samples.filter((s) => s.verdict === "confirmed" && !s.pocRan).length,
    judged_text_only: samples.filter((s) => !s.repositoryRead).length,
  };
}

/** What a headline validity figure rests on (shown beside it on the board). */
export type ValidityBasis = "repository_checked" | "text_only" | "reported";

/**
 * §4.2 and F.6.2: the panel demonstrates a bug on the repository. A verdict given without a snapshot reads only the
 * finding's text, so the headline validity comes from the repository-checked verdicts wherever any exist, and the
 * text-only figure is kept beside it; an entry judged entirely from text shows that figure, marked as such.
 *
 * A repository-checked headline beside text-only verdicts rests on a subset of the sample chosen by repository (those
 * with a snapshot), not at random: `checkedShare` is its share of the sampled findings and `whole` the validity of the
 * whole sample (both kinds of verdict pooled) with its own interval, so a reader sees how far the subset may differ.
 * Both are null when the headline is the whole sample.
 */
export function headlineValidity(
  checked: ValidityCounts,
  textOnly: ValidityCounts,
): {
  headline: ValidityCounts;
  basis: Exclude<ValidityBasis, "reported">;
  textOnly: ValidityCounts | null;
  checkedShare: number | null;
  whole: ValidityCounts | null;
} {
  if (checked.sampled > 0 && textOnly.sampled > 0) {
    const sampled = checked.sampled + textOnly.sampled;
    return {
      headline: checked,
      basis: "repository_checked",
      textOnly,
      checkedShare: checked.sampled / sampled,
      whole: validityCounts(
        checked.confirmed + textOnly.confirmed,
        checked.rejected + textOnly.rejected,
        checked.abstained + textOnly.abstained,
        sampled,
      ),
    };
  }
  if (checked.sampled > 0)
    return { headline: checked, basis: "repository_checked", textOnly: null, checkedShare: null, whole: null };
  return { headline: textOnly, basis: "text_only", textOnly: null, checkedShare: null, whole: null };
}
