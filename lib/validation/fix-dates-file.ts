import { z } from "zod";
import { TEXT_LIMITS, requiredText } from "./common";
import { fixCommitListSchema, fixCommitSchema, fixedAtSchema } from "./benchmark-file";

// The fix-dates file: when and by which commit each reference bug of an existing benchmark version was fixed (§C.4,
// §A.3), and each repository's bug-fixing commits and counts over the reference window (Table 6, Figure 10), for a
// version imported without them. Versions stay immutable otherwise: this fills empty columns once.
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
      .max(10_000)
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
      .max(200_000)
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
