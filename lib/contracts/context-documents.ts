import { z } from "zod";
import { boundedText } from "../validation/common";
import { timestampSchema } from "./common";
import { repoPath } from "./route-kit";

// Repository context documents (F.5.1 "audit", F.6.1 "panel"): /api/v1/repositories/{owner}/{name}/context/{kind}.
export const CONTEXT_KINDS = ["audit", "panel"] as const;
const contextKindSchema = z.enum(CONTEXT_KINDS, { message: "must be audit or panel" });
export type ContextKind = z.infer<typeof contextKindSchema>;
const CONTEXT_MAX_CHARS = 100_000;

export const putContextBodySchema = z
  .object({
    text: boundedText(CONTEXT_MAX_CHARS).refine((s) => s.trim().length > 0, { message: "must not be empty" }),
    reason: boundedText(500).optional(),
  })
  .strict();

export const contextDocumentSchema = z
  .looseObject({
    benchmark: z.string(),
    repository: z.string(),
    kind: z.enum(["audit", "panel"]),
    text: z.string().nullable(),
    source: z.enum(["llm", "maintainer"]).nullable(),
    model: z.string().nullable(),
    prompt_version: z.string().nullable(),
    snapshot_sha: z.string().nullable(),
    edited_by: z.string().nullable(),
    edited_at: timestampSchema.nullable(),
    updated_at: timestampSchema.nullable(),
  })
  .meta({ id: "ContextDocument" });

export const contextPath = repoPath.extend({ kind: contextKindSchema });
