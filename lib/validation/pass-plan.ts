import { z } from "zod";

// The pass plan of one repository snapshot (Appendix B): what `probebench plan --json` prints, what is stored per
// snapshot and what GET /api/v1/repositories/{owner}/{name}/plan serves. Pure data: the browser may import it.

const callSiteSchema = z.object({
  file: z.string(),
  line: z.number().int().positive(),
  name: z.string(),
});

const passSchema = z.object({
  id: z.string(),
  kind: z.enum(["individual", "batch"]),
  files: z.array(z.string()),
  tokens: z.number().int().min(0),
  // Call sites in other files that call into this pass, and definitions in other files that it calls.
  callers: z.array(callSiteSchema),
  callees: z.array(callSiteSchema),
  // How many there were before the per-pass limits (40 for individual passes, 25 for batches).
  callers_total: z.number().int().min(0),
  callees_total: z.number().int().min(0),
});

const callGraphStatsSchema = z.object({
  definitions: z.number().int().min(0),
  calls: z.number().int().min(0),
  same_file: z.number().int().min(0),
  resolved_by_import: z.number().int().min(0),
  resolved_by_name: z.number().int().min(0),
  unresolved: z.number().int().min(0),
});

export const passPlanSchema = z.object({
  planner_version: z.string(),
  audited_files: z.array(z.string()),
  excluded: z.array(z.object({ file: z.string(), reason: z.string() })),
  call_graph: callGraphStatsSchema,
  passes: z.array(passSchema),
});

export type CallSite = z.infer<typeof callSiteSchema>;
export type Pass = z.infer<typeof passSchema>;
export type CallGraphStats = z.infer<typeof callGraphStatsSchema>;
export type PassPlan = z.infer<typeof passPlanSchema>;
