import { z } from "zod";

// The three harnesses of the paper's ablation (§4.3, Table 5; prompts F.5.2-F.5.4). Names and labels only, so the
// browser can import them.
export const HARNESSES = ["probe-passes", "passes-only", "vanilla"] as const;
export const harnessSchema = z.enum(HARNESSES);
export type Harness = z.infer<typeof harnessSchema>;

export const HARNESS_PROMPTS: Record<Harness, string> = {
  "probe-passes": "audit-pass",
  "passes-only": "audit-passes-only",
  vanilla: "audit-vanilla",
};

export const HARNESS_LABELS: Record<Harness, string> = {
  "probe-passes": "Full harness: plan passes with context document and call graph (F.5.2)",
  "passes-only": "Passes only: plan partitions, file paths only (F.5.4)",
  vanilla: "Vanilla: one session per repository (F.5.3)",
};
