import { z } from "zod";
import { parseOrThrow } from "../errors";
import { TEXT_LIMITS, requiredText } from "./common";
import {
  fixCommitListSchema,
  fixCommitSchema,
  fixedAtSchema,
  MAX_FIX_COMMITS,
  MAX_REPOSITORIES,
} from "./benchmark-file";
import { parseJsonText, type JsonShapeLimits } from "./parse-json";

// The fix-dates file: when and by which commit each reference bug of an existing benchmark version was fixed (§C.4,
// §A.3), and each repository's bug-fixing commits and counts over the reference window (Table 6, Figure 10), for a
// version imported without them. Versions stay immutable otherwise: this fills empty columns once.
const MAX_FIX_DATES = 200_000;
const countSchema = z.number().int({ message: "must be a whole number" }).min(0);

export const fixDatesFileSchema = z
  .object({
    reference_window_end: z.iso.date({ message: "must be a date YYYY-MM-DD" }).optional(),
    repositories: z
      .array(
        z
          .object({
            name: requiredText(TEXT_LIMITS.repo),
            tests: countSchema.optional(),
            commits: countSchema.optional(),
            fix_commits: fixCommitListSchema.optional(),
          })
          .strict(),
      )
      .max(MAX_REPOSITORIES)
      .optional(),
    fix_dates: z
      .array(
        z
          .object({
            repo: requiredText(TEXT_LIMITS.repo),
            id: requiredText(TEXT_LIMITS.id),
            fixed_at: fixedAtSchema.optional(),
            fix_commit: fixCommitSchema.shape.sha.optional(),
          })
          .strict()
          .refine((row) => row.fixed_at !== undefined || row.fix_commit !== undefined, {
            message: "needs fixed_at, fix_commit or both",
          }),
      )
      .min(1, { message: "must list at least one reference bug" })
      .max(MAX_FIX_DATES)
      .optional(),
  })
  .strict()
  .superRefine((file, ctx) => {
    if (!file.fix_dates && !file.repositories && !file.reference_window_end)
      ctx.addIssue({
        code: "custom",
        path: ["fix_dates"],
        message: "is required unless the file gives repositories or reference_window_end",
      });
    const repos = new Set<string>();
    file.repositories?.forEach((r, i) => {
      if (repos.has(r.name))
        ctx.addIssue({ code: "custom", path: ["repositories", i, "name"], message: `duplicate repository ${r.name}` });
      repos.add(r.name);
    });
    const seen = new Set<string>();
    file.fix_dates?.forEach((row, i) => {
      const key = `${row.repo}\u0000${row.id}`;
      if (seen.has(key))
        ctx.addIssue({
          code: "custom",
          path: ["fix_dates", i, "id"],
          message: `duplicate reference bug ${row.repo} ${row.id}`,
        });
      seen.add(key);
    });
  });
export type FixDatesFile = z.infer<typeof fixDatesFileSchema>;

/**
 * Parses and validates a fix-dates file's text in one go: malformed JSON by line and column, other problems by path.
 * The web server runs it in an upload parse thread (lib/server/submissions/upload-parse-thread.ts).
 */
export function parseFixDatesText(text: string, what = "The fix-dates file"): FixDatesFile {
  return parseOrThrow(fixDatesFileSchema, parseJsonText(text, what, FIX_DATES_FILE_SHAPE), what);
}

// The file's shape as the scan sees it before anything is built (lib/validation/parse-json.ts), as the benchmark file
// has: a valid file is shallow (root > repositories > repository > fix_commits > commit: depth 5) with at most 5 keys
// per object, so a hostile one (millions of `{}` rows) is refused in the scan, at its 200,001st row, not after
// JSON.parse and zod have built it all.
const FIX_DATES_FILE_SHAPE: JsonShapeLimits = {
  maxDepth: 8,
  maxValues: MAX_FIX_DATES * 10 + MAX_FIX_COMMITS * 10 * 4 + MAX_REPOSITORIES * 10 + 1_000,
  maxObjectKeys: 16,
  maxArrayItems: 1_000,
  arrays: (path) => {
    if (path.length === 1 && path[0] === "fix_dates") return { max: MAX_FIX_DATES, noun: "fix dates" };
    if (path.length === 1 && path[0] === "repositories") return { max: MAX_REPOSITORIES, noun: "repositories" };
    if (path.length === 3 && path[0] === "repositories" && path[2] === "fix_commits")
      return { max: MAX_FIX_COMMITS, noun: "fix commits", group: { name: "fix commits", max: MAX_FIX_COMMITS * 10 } };
    return undefined;
  },
};
