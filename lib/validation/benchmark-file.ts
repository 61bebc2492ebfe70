import { z } from "zod";
import { BUG_RECORD_SHAPE, TEXT_LIMITS, boundedText, checkLineRange, requiredText, WHEN_LINES_PARSE } from "./common";

// The benchmark file (import format): a benchmark version, its repositories and its reference set.
export const languageSchema = z.string().trim().toLowerCase().min(1).max(50);

export const repositorySchema = z.object({
  name: requiredText(TEXT_LIMITS.repo).regex(/^[^/\s]+\/[^/\s]+$/, { message: "must be owner/name" }),
  language: languageSchema,
  domain: boundedText(TEXT_LIMITS.shortLabel).optional(),
  snapshot_commit: z
    .string()
    .regex(/^[0-9a-f]{7,40}$/i, { message: "must be a git commit hash" })
    .optional(),
});

/** When the fixing commit landed: an ISO 8601 date-time with a zone (§C.4 ranks a repository's bugs by it). */
export const fixedAtSchema = z.iso.datetime({
  offset: true,
  message: "must be an ISO 8601 date-time with a time zone, e.g. 2025-09-14T10:22:00Z",
});

export const referenceBugSchema = z
  .object({
    id: requiredText(TEXT_LIMITS.id),
    ...BUG_RECORD_SHAPE,
    fixed_at: fixedAtSchema.optional(),
  })
  .superRefine(checkLineRange, WHEN_LINES_PARSE);

export const taxonomySchema = z.object({
  families: z.array(
    z.object({
      name: requiredText(TEXT_LIMITS.category),
      categories: z.array(
        z.object({ name: requiredText(TEXT_LIMITS.category), definition: boundedText(2_000).optional() }),
      ),
    }),
  ),
  triggers: z
    .array(
      z.object({
        level: z.number().int().min(0),
        name: requiredText(TEXT_LIMITS.trigger),
        definition: boundedText(2_000).optional(),
      }),
    )
    .default([]),
});

export const benchmarkFileSchema = z
  .object({
    slug: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, { message: "must be lowercase letters, digits and dashes" }),
    name: requiredText(TEXT_LIMITS.shortLabel),
    version: requiredText(50),
    snapshot_date: z.iso.date({ message: "must be a date YYYY-MM-DD" }),
    description: boundedText(5_000).optional(),
    repositories: z.array(repositorySchema).min(1, { message: "must list at least one repository" }),
    reference_bugs: z.array(referenceBugSchema).max(200_000),
    taxonomy: taxonomySchema.optional(),
    // "maintainers": reference bug texts, files and lines are shown only to maintainers and admins (a held-out set);
    // absent means "public".
    reference_visibility: z
      .enum(["public", "maintainers"], { message: 'must be "public" or "maintainers"' })
      .optional(),
  })
  .superRefine((file, ctx) => {
    const repos = new Set<string>();
    file.repositories.forEach((r, i) => {
      if (repos.has(r.name))
        ctx.addIssue({ code: "custom", path: ["repositories", i, "name"], message: `duplicate repository ${r.name}` });
      repos.add(r.name);
    });
    const ids = new Set<string>();
    file.reference_bugs.forEach((b, i) => {
      if (!repos.has(b.repo))
        ctx.addIssue({ code: "custom", path: ["reference_bugs", i, "repo"], message: `unknown repository ${b.repo}` });
      if (ids.has(b.id))
        ctx.addIssue({ code: "custom", path: ["reference_bugs", i, "id"], message: `duplicate id ${b.id}` });
      ids.add(b.id);
    });
  });

export type BenchmarkFile = z.infer<typeof benchmarkFileSchema>;
