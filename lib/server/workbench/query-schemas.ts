import { z } from "zod";
import { benchmarkRefSchema } from "../../benchmarks/benchmark-ref";

// Query strings of the workbench reads (docs/workbench.md).
const runIndex = z.coerce
  .number({ message: "must be a run number (0-based)" })
  .int({ message: "must be a run number (0-based)" })
  .min(0, { message: "must be 0 or more" })
  .max(1_000)
  .optional();

// GET /api/v1/submissions/{id}/matches
export const matchesQuerySchema = z.object({
  repo: z
    .string()
    .trim()
    .max(200)
    .regex(/^[^/\s]+\/[^/\s]+$/, { message: "must be owner/name" })
    .optional(),
  run: runIndex,
  format: z.enum(["json", "csv"]).default("json"),
});

// GET /api/v1/submissions/{id}/pairs/{finding_id}/{reference_bug_id}
export const pairQuerySchema = z.object({ run: runIndex });

// GET /api/v1/repositories/{owner}/{name}/bugs/{bug_id}
export const referenceBugQuerySchema = z.object({
  benchmark: benchmarkRefSchema.optional(),
  format: z.enum(["json", "csv"]).default("json"),
});

/** A path segment as sent: decoded once when it is still percent-encoded, else as it is. */
export function pathSegment(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
