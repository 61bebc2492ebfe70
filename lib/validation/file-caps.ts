import { AppError, type FieldIssue } from "../errors";

/** MAX_RUNS_PER_FILE and MAX_FINDINGS_PER_RUN (lib/server/submissions/file-caps.ts reads them). */
export type FileCaps = { maxRuns: number; maxFindingsPerRun: number };

/**
 * Per-file caps (docs/file-formats.md): at most MAX_RUNS_PER_FILE runs and MAX_FINDINGS_PER_RUN findings in a run. Scoring
 * cost grows with findings x reference bugs and, across runs, with the square of the findings, so the bound is
 * checked before anything is stored (in the upload parse thread, before the findings are copied back, and again
 * as they are stored). Defaults hold the paper's largest configurations (10 runs; 8,285 findings).
 */
export function checkFileCaps(
  runs: readonly { findings: readonly unknown[] }[],
  multiRun: boolean,
  caps: FileCaps,
): void {
  const issues: FieldIssue[] = [];
  if (runs.length > caps.maxRuns)
    issues.push({
      path: "runs",
      message: `${runs.length} runs; at most ${caps.maxRuns} per file (MAX_RUNS_PER_FILE)`,
    });
  runs.forEach((run, r) => {
    if (run.findings.length > caps.maxFindingsPerRun && issues.length < 20) {
      issues.push({
        path: multiRun ? `runs[${r}].findings` : "findings",
        message: `${run.findings.length} findings; at most ${caps.maxFindingsPerRun} per run (MAX_FINDINGS_PER_RUN)`,
      });
    }
  });
  if (issues.length) throw new AppError("invalid_input", "The findings file is above the per-file caps", issues);
}
