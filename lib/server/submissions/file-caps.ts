import { env } from "../../env";
import type { FileCaps } from "../../validation/file-caps";

/** The per-file caps of this deployment (lib/validation/file-caps.ts checks them). */
export function fileCaps(): FileCaps {
  return { maxRuns: env.MAX_RUNS_PER_FILE, maxFindingsPerRun: env.MAX_FINDINGS_PER_RUN };
}
