import { z } from "zod";
import { benchmarkRefSchema } from "../benchmarks/benchmark-ref";

// Query strings of the public read-only API (GET /api/v1/leaderboard, /api/v1/repositories[/owner/name]).
const benchmarkRef = benchmarkRefSchema.optional();

export const downloadQuerySchema = z.object({
  benchmark: benchmarkRef,
  format: z.enum(["json", "csv"]).default("json"),
});

export const leaderboardQuerySchema = downloadQuerySchema.extend({
  // Comma-separated owner/name list; the view pools counts over exactly these repositories.
  repos: z
    .string()
    .max(20_000)
    .optional()
    .transform((v) =>
      v
        ? [
            ...new Set(
              v
                .split(",")
                .map((s) => s.trim())
                .filter(Boolean),
            ),
          ]
        : [],
    ),
  language: z.string().trim().toLowerCase().max(50).optional(),
});

// GET /api/v1/repositories/{owner}/{name}/plan
export const planQuerySchema = z.object({ benchmark: benchmarkRef });
