import { z } from "zod";
import { intervalSchema } from "./common";
import { benchmarkRefSchema } from "./public-reads";

// GET /api/v1/validity: how valid agent findings are beyond the reference set (§4.2, §C.3): the published pooled
// figures and Table 15 (the panel against a blind human grader) where the version has them, and Figure 5's points
// (each entry's panel validity over its precision, both with 95% intervals).

const share = z.number().nullable();

const validityPointSchema = z
  .object({
    id: z.string(),
    label: z.string(),
    source: z.enum(["verified", "reported"]),
    runs: z.number().int(),
    validity: z.number(),
    validity_ci: intervalSchema.nullable(),
    validity_basis: z.enum(["repository_checked", "text_only", "reported"]).meta({
      description:
        "repository_checked: verdicts of judges that read the repository; text_only: no judge did; reported: Table 14",
    }),
    precision: z.number(),
    precision_ci: intervalSchema.nullable(),
    precision_basis: z.enum(["single_run", "first_run", "mean_of_runs"]).meta({
      description:
        "Repeated-run entries use their first run on both axes (the panel sampled it); a reported repeated entry publishes only the mean over runs",
    }),
  })
  .meta({ id: "ValidityPoint" });

export const validitySchema = z
  .object({
    benchmark: benchmarkRefSchema,
    reported: z
      .object({
        pooled: z.object({
          all: share.meta({ description: "Confirmed share of every conclusive panel verdict (paper: 0.85)" }),
          unmatched: share.meta({ description: "Of findings that match no reference bug (paper: 0.84)" }),
          matched: share.meta({ description: "Of findings that match a reference bug (paper: 0.96)" }),
          findings_sampled_per_configuration: z.number().int().nullable(),
          source: z.string().nullable(),
        }),
        agreement: z
          .object({
            source: z.string().nullable(),
            author_verdicts: z.array(z.string()),
            panel_verdicts: z.array(z.string()),
            counts: z.array(z.array(z.number().int())),
            total: z.number().int(),
            both_conclusive: z.number().int(),
            agreement: share,
            grader_validity: share,
            panel_validity: share,
            panel_confirmed_grader_rejected: z.number().int(),
            panel_rejected_grader_confirmed: z.number().int(),
          })
          .nullable()
          .meta({ description: "Table 15: the blind grader's verdict (rows) against the panel's (columns)" }),
      })
      .nullable()
      .meta({ description: "Published figures; null for a version without them" }),
    points: z.array(validityPointSchema).meta({ description: "Figure 5: one point per entry with a panel validity" }),
  })
  .meta({ id: "Validity" });
export type ValidityView = z.infer<typeof validitySchema>;
