import { env } from "../../env";
import { AppError, type FieldIssue } from "../../errors";

/**
 * Per-file caps (docs/file-formats.md): at most MAX_RUNS_PER_FILE runs and MAX_FINDINGS_PER_RUN findings in a run. Scoring
 * cost grows with findings x reference bugs and, across runs, with the square of the findings, so the bound is
 * checked before anything is stored. Defaults hold the paper's largest configurations (10 runs; 8,285 findings).
 */
export function checkFileCaps(runs: readonly { findings: readonly unknown[] }[], multiRun: boolean): void {
  const issues: FieldIssue[] = [];
  if (runs.length > env.MAX_RUNS_PER_FILE)
    issues.push({
      path: "runs",
      message: `${runs.length} runs; at most ${env.MAX_RUNS_PER_FILE} per file (MAX_RUNS_PER_FILE)`,
    });
  runs.forEach((run, r) => {
    if (run.findings.length > env.MAX_FINDINGS_PER_RUN && issues.length < 20) {
      issues.push({
        path: multiRun ? `runs[${r}].findings` : "findings",
        message: `${run.findings.length} findings; at most ${env.MAX_FINDINGS_PER_RUN} per run (MAX_FINDINGS_PER_RUN)`,
      });
    }
  });
  if (issues.length) throw new AppError("invalid_input", "The findings file is above the per-file caps", issues);
}
