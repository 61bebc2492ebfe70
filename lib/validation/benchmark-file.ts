import { z } from "zod";
import { parseOrThrow } from "../errors";
import { parseJsonText, type JsonShapeLimits } from "./parse-json";
import { BUG_RECORD_SHAPE, TEXT_LIMITS, boundedText, checkLineRange, requiredText, WHEN_LINES_PARSE } from "./common";

// The benchmark file (import format): a benchmark version, its repositories and its reference set.
const MAX_REFERENCE_BUGS = 200_000;
export const MAX_FIX_COMMITS = 100_000;
export const MAX_REPOSITORIES = 10_000;
const languageSchema = z.string().trim().toLowerCase().min(1).max(50);

const commitHashSchema = z
  .string()
  .regex(/^[0-9a-f]{7,40}$/i, { message: "must be a git commit hash" })
  .transform((s) => s.toLowerCase());

/** When the fixing commit landed: an ISO 8601 date-time with a zone (§C.4 ranks a repository's bugs by it). */
export const fixedAtSchema = z.iso.datetime({
  offset: true,
  message: "must be an ISO 8601 date-time with a time zone, e.g. 2025-09-14T10:22:00Z",
});

const countSchema = z.number().int({ message: "must be a whole number" }).min(0);

/** One bug-fixing commit of the reference window (§A.3 counts time in these; Figure 10 counts them per month). */
export const fixCommitSchema = z.object({ sha: commitHashSchema, date: fixedAtSchema });

/**
 * A repository's bug-fixing commits over the reference window, oldest first: the order is the list's (a bug's fix rank
 * is its commit's place in it), the dates are for the calendar (Figure 10). Each sha at most once, and the order is
 * checked against the dates: a commit dated before the one listed above it is refused, since it would rank the fixes
 * in an order their dates contradict.
 */
export const fixCommitListSchema = z
  .array(fixCommitSchema)
  .max(MAX_FIX_COMMITS)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    let reported = false;
    list.forEach((c, i) => {
      if (seen.has(c.sha)) ctx.addIssue({ code: "custom", path: [i, "sha"], message: `duplicate commit ${c.sha}` });
      seen.add(c.sha);
      const previous = list[i - 1];
      // One issue is enough to say the list is out of order; a shuffled list of 100,000 would otherwise give as many.
      if (!reported && previous && Date.parse(c.date) < Date.parse(previous.date)) {
        reported = true;
        ctx.addIssue({
          code: "custom",
          path: [i, "date"],
          message: `fix commits must be listed oldest first: ${c.sha} (${c.date}) is dated before the commit above it (${previous.date})`,
        });
      }
    });
  });

const repositorySchema = z.object({
  name: requiredText(TEXT_LIMITS.repo).regex(/^[^/\s]+\/[^/\s]+$/, { message: "must be owner/name" }),
  language: languageSchema,
  domain: boundedText(TEXT_LIMITS.shortLabel).optional(),
  snapshot_commit: z
    .string()
    .regex(/^[0-9a-f]{7,40}$/i, { message: "must be a git commit hash" })
    .optional(),
  // Table 6: tests that pass at the snapshot, and all commits over the reference window.
  tests: countSchema.optional(),
  commits: countSchema.optional(),
  fix_commits: fixCommitListSchema.optional(),
});

/** Table 1: the collection pipeline's stage counts, in stage order. */
export const pipelineSchema = z.object({
  commits: countSchema,
  bug_fix_commits: countSchema,
  candidate_bugs: countSchema,
  anchored_candidates: countSchema,
  present_candidates: countSchema,
  deduplicated_bugs: countSchema,
});
export type Pipeline = z.infer<typeof pipelineSchema>;

const referenceBugSchema = z
  .object({
    id: requiredText(TEXT_LIMITS.id),
    ...BUG_RECORD_SHAPE,
    fixed_at: fixedAtSchema.optional(),
    // The bug-fixing commit that fixed it: one of its repository's fix_commits when the repository lists them.
    fix_commit: commitHashSchema.optional(),
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
    // T1: the reference window runs from the snapshot to this date (exclusive).
    reference_window_end: z.iso.date({ message: "must be a date YYYY-MM-DD" }).optional(),
    pipeline: pipelineSchema.optional(),
    description: boundedText(5_000).optional(),
    repositories: z
      .array(repositorySchema)
      .min(1, { message: "must list at least one repository" })
      .max(MAX_REPOSITORIES),
    reference_bugs: z.array(referenceBugSchema).max(MAX_REFERENCE_BUGS),
    taxonomy: taxonomySchema.optional(),
    // "maintainers": reference bug texts, files and lines are shown only to maintainers and admins (a held-out set);
    // absent means "public".
    reference_visibility: z
      .enum(["public", "maintainers"], { message: 'must be "public" or "maintainers"' })
      .optional(),
  })
  .superRefine((file, ctx) => {
    const repos = new Map<string, Set<string> | null>();
    file.repositories.forEach((r, i) => {
      if (repos.has(r.name))
        ctx.addIssue({ code: "custom", path: ["repositories", i, "name"], message: `duplicate repository ${r.name}` });
      repos.set(r.name, r.fix_commits ? new Set(r.fix_commits.map((c) => c.sha)) : null);
    });
    if (file.reference_window_end && file.reference_window_end <= file.snapshot_date)
      ctx.addIssue({ code: "custom", path: ["reference_window_end"], message: "must be after snapshot_date" });
    const ids = new Set<string>();
    file.reference_bugs.forEach((b, i) => {
      if (!repos.has(b.repo))
        ctx.addIssue({ code: "custom", path: ["reference_bugs", i, "repo"], message: `unknown repository ${b.repo}` });
      if (ids.has(b.id))
        ctx.addIssue({ code: "custom", path: ["reference_bugs", i, "id"], message: `duplicate id ${b.id}` });
      ids.add(b.id);
      const listed = repos.get(b.repo);
      if (b.fix_commit && listed && !listed.has(b.fix_commit))
        ctx.addIssue({
          code: "custom",
          path: ["reference_bugs", i, "fix_commit"],
          message: `commit ${b.fix_commit} is not among the fix_commits of ${b.repo}`,
        });
    });
  });

export type BenchmarkFile = z.infer<typeof benchmarkFileSchema>;

/**
 * Parses and validates a benchmark file's text in one go: malformed JSON by line and column, other problems by path.
 * The web server runs it in an upload parse thread (lib/server/submissions/upload-parse-thread.ts), the CLI in its own
 * process.
 */
export function parseBenchmarkText(text: string, what = "The benchmark file"): BenchmarkFile {
  return parseOrThrow(benchmarkFileSchema, parseJsonText(text, what, BENCHMARK_FILE_SHAPE), what);
}

// The file's shape as the scan sees it before anything is built (lib/validation/parse-json.ts), as the findings file
// has (FINDINGS_FILE_SHAPE): a valid file is shallow (root > taxonomy > families > family > categories > category >
// field: depth 6) with at most ~15 keys per object, so a hostile one (15 million `{}` bugs) is refused in the scan,
// at its 200,001st bug, not after JSON.parse and zod have built it all.
const BENCHMARK_FILE_SHAPE: JsonShapeLimits = {
  maxDepth: 16,
  maxValues: MAX_REFERENCE_BUGS * 20 + MAX_FIX_COMMITS * 10 * 4 + 100_000,
  maxObjectKeys: 64,
  maxArrayItems: 1_000,
  arrays: (path) => {
    if (path.length === 1 && path[0] === "reference_bugs") return { max: MAX_REFERENCE_BUGS, noun: "reference bugs" };
    if (path.length === 1 && path[0] === "repositories") return { max: MAX_REPOSITORIES, noun: "repositories" };
    if (path.length === 3 && path[0] === "repositories" && path[2] === "fix_commits")
      return { max: MAX_FIX_COMMITS, noun: "fix commits", group: { name: "fix commits", max: MAX_FIX_COMMITS * 10 } };
    return undefined;
  },
};
