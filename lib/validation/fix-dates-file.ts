import { z } from "zod";
import { TEXT_LIMITS, requiredText } from "./common";
import { fixedAtSchema } from "./benchmark-file";

// The fix-dates file: when each reference bug of an existing benchmark version was fixed (§C.4), for a version
// imported without them. Versions stay immutable otherwise: this fills an empty column once.
export const fixDatesFileSchema = z
  .object({
    fix_dates: z
      .array(
        z
          .object({ repo: requiredText(TEXT_LIMITS.repo), id: requiredText(TEXT_LIMITS.id), fixed_at: fixedAtSchema })
          .strict(),
      )
      .min(1, { message: "must list at least one reference bug" })
      .max(200_000),
  })
  .strict()
  .superRefine((file, ctx) => {
    const seen = new Set<string>();
    file.fix_dates.forEach((row, i) => {
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
