import type {
  ComputedDatasheet,
  Datasheet,
  DatasheetCell,
  MissingPart,
  ReportedDatasheet,
  RepositoryRow,
} from "../contracts/datasheet";
import type { Pipeline } from "../validation/benchmark-file";
import { fixPosition, type RepositoryPositions } from "./bug-pool";
import { estimateBugPool } from "./estimate-bug-pool";
import { fixCalendar, monthsBetween, windowMonths } from "./fix-calendar";
import { pipelineStages } from "./pipeline-table";

// A benchmark version's datasheet from its imported data. Every part that cannot be computed is listed in `missing`
// with the field of the benchmark file (or the step) that provides it, so a maintainer knows what to add. Pure.

export type DatasheetRepositoryInput = {
  name: string;
  language: string;
  domain: string | null;
  tests: number | null;
  commits: number | null;
  /** The bug-fixing commits of the window, oldest first; null when the file lists none. */
  fixCommits: { sha: string; date: string }[] | null;
  /** Reference bugs (stored rows, or the published count of a transcribed version). */
  bugs: number;
  /** The fix commit of each stored reference bug (null where it names none). */
  bugFixCommits: (string | null)[];
  plan: { plannerVersion: string; auditedFiles: number; auditedLines: number | null; passes: number } | null;
};

export type DatasheetInput = {
  benchmark: Omit<Datasheet["benchmark"], "window_months">;
  pipeline: Pipeline | null;
  referenceBugs: number;
  repositories: DatasheetRepositoryInput[];
  reported: ReportedDatasheet | null;
};

const SNAPSHOT_STEP = "the repository's snapshot (npx probebench snapshot import)";

function cell(value: number | null, missing: string): DatasheetCell {
  return value === null ? { value: null, missing } : { value, missing: null };
}

/** Table 6 for one repository. */
function repositoryRow(r: DatasheetRepositoryInput): RepositoryRow {
  const plan = r.plan;
  return {
    repo: r.name,
    language: r.language,
    domain: r.domain,
    files: cell(plan?.auditedFiles ?? null, SNAPSHOT_STEP),
    kloc: cell(
      plan?.auditedLines === null || plan?.auditedLines === undefined ? null : plan.auditedLines / 1000,
      plan ? "the snapshot imported again (its plan predates line counts)" : SNAPSHOT_STEP,
    ),
    passes: cell(plan?.passes ?? null, SNAPSHOT_STEP),
    tests: cell(r.tests, "repositories[].tests"),
    commits: cell(r.commits, "repositories[].commits"),
    fix_commits: cell(r.fixCommits?.length ?? null, "repositories[].fix_commits"),
    bugs: r.bugs,
    planner_version: plan?.plannerVersion ?? null,
  };
}

/** Each repository's fix positions (§A.3) and how many of its bugs have none. */
export function fixPositions(repositories: readonly DatasheetRepositoryInput[]): {
  positions: RepositoryPositions[];
  unpositioned: number;
} {
  let unpositioned = 0;
  const positions: RepositoryPositions[] = [];
  for (const r of repositories) {
    if (!r.fixCommits) {
      unpositioned += r.bugFixCommits.length;
      continue;
    }
    const place = new Map(r.fixCommits.map((c, i) => [c.sha, i + 1]));
    const list: number[] = [];
    for (const sha of r.bugFixCommits) {
      const k = sha ? place.get(sha) : undefined;
      if (k === undefined) unpositioned += 1;
      else list.push(fixPosition(k));
    }
    positions.push({ repo: r.name, window: r.fixCommits.length, positions: list });
  }
  return { positions, unpositioned };
}

export function buildDatasheet(input: DatasheetInput, inputHash: string, computedAt: string): ComputedDatasheet {
  const { benchmark } = input;
  const missing: MissingPart[] = [];
  const end = benchmark.reference_window_end;
  const months = end ? monthsBetween(benchmark.snapshot_date, end) : null;

  if (!input.pipeline)
    missing.push({
      part: "Table 1",
      field: "pipeline",
      detail: "The benchmark file has no pipeline block: the stage counts of the collection pipeline.",
    });

  const rows = input.repositories.map(repositoryRow);
  const table6Gaps = new Set(
    rows.flatMap((r) => [r.files, r.kloc, r.passes, r.tests, r.commits, r.fix_commits].flatMap((c) => c.missing ?? [])),
  );
  for (const field of table6Gaps)
    missing.push({ part: "Table 6", field, detail: `Cells shown as "-" come from ${field}.` });

  const listed = input.repositories.filter((r) => r.fixCommits);
  let calendar: ComputedDatasheet["calendar"] = null;
  if (listed.length === 0)
    missing.push({
      part: "Figure 10",
      field: "repositories[].fix_commits",
      detail: "No repository lists its bug-fixing commits of the reference window.",
    });
  else if (!end)
    missing.push({
      part: "Figure 10",
      field: "reference_window_end",
      detail: "The months of the reference window run from snapshot_date to reference_window_end.",
    });
  else
    calendar = fixCalendar(
      windowMonths(benchmark.snapshot_date, end),
      listed.map((r) => ({ repo: r.name, dates: r.fixCommits!.map((c) => c.date) })),
    );

  const { positions, unpositioned } = fixPositions(input.repositories);
  const bugPool = estimateBugPool(positions, unpositioned, months);
  if (!bugPool) {
    const field =
      listed.length === 0
        ? "repositories[].fix_commits"
        : input.repositories.some((r) => r.bugFixCommits.length > 0)
          ? "reference_bugs[].fix_commit"
          : "reference_bugs";
    missing.push({
      part: "Tables 8-9, Figure 3",
      field,
      detail:
        "The bug-pool estimate needs each reference bug's fix commit (reference_bugs[].fix_commit) among its repository's ordered bug-fixing commits (repositories[].fix_commits).",
    });
  } else {
    if (bugPool.horizons_missing)
      missing.push({
        part: "Table 9 (5 and 10 years)",
        field: "reference_window_end",
        detail: "Years become fix commits at each repository's pace over the reference window.",
      });
    if (unpositioned > 0)
      missing.push({
        part: "Tables 8-9, Figure 3",
        field: "reference_bugs[].fix_commit",
        detail: `${unpositioned} reference bug(s) have no fix commit among their repository's fix_commits and are left out of the fit.`,
      });
  }

  return {
    benchmark: { ...benchmark, window_months: months },
    input_hash: inputHash,
    computed_at: computedAt,
    missing,
    pipeline: input.pipeline ? { stages: pipelineStages(input.pipeline), reference_bugs: input.referenceBugs } : null,
    repositories: rows,
    calendar,
    bug_pool: bugPool,
    reported: input.reported,
  };
}

/** The job row of a version's datasheet, as the answer reads it. */
export type DatasheetJobState = { status: "queued" | "running" | "done" | "failed"; error: string | null };

/**
 * A version's datasheet as answered: the last computed sheet with its job's status. Before the first computation ends
 * the parts are empty and `missing` is too (nothing is known missing yet): the page says it is computing.
 */
export function datasheetView(
  benchmark: DatasheetInput["benchmark"],
  stored: ComputedDatasheet | null,
  job: DatasheetJobState,
): Datasheet {
  const status = job.status === "done" ? "current" : job.status === "failed" ? "failed" : "computing";
  const sheet: ComputedDatasheet | Omit<ComputedDatasheet, "input_hash" | "computed_at"> = stored ?? {
    benchmark: {
      ...benchmark,
      window_months: benchmark.reference_window_end
        ? monthsBetween(benchmark.snapshot_date, benchmark.reference_window_end)
        : null,
    },
    missing: [],
    pipeline: null,
    repositories: [],
    calendar: null,
    bug_pool: null,
    reported: null,
  };
  return {
    input_hash: null,
    computed_at: null,
    ...sheet,
    status,
    status_detail: job.status === "failed" ? job.error : null,
  };
}
