import type { z } from "zod";
import type { bugTypeDistancesSchema, bugTypesSchema } from "../contracts/bug-types";
import { columnsCsv, type CsvColumn } from "./format-csv";

// The bug-types page's downloads, written by the one guarded CSV writer (format-csv.ts): configuration labels are
// typed by submitters, so a label such as `=HYPERLINK(...)` must stay text in a spreadsheet.

type BugTypes = z.infer<typeof bugTypesSchema>;
type Distribution = NonNullable<BugTypes["stored"]>;
type Row = Distribution["categories"][number] & {
  source: string;
  kind: string;
  agentLabeller: string | null;
  referenceLabeller: string | null;
};

const BUG_TYPE_COLUMNS: CsvColumn<Row>[] = [
  ["source", (r) => r.source],
  ["kind", (r) => r.kind],
  ["name", (r) => r.name],
  ["family", (r) => r.family],
  ["level", (r) => r.level],
  ["human_n", (r) => r.humanN],
  ["human_share", (r) => r.humanShare],
  ["agent_share", (r) => r.agentShare],
  ["agent_min", (r) => r.agentRange?.[0]],
  ["agent_max", (r) => r.agentRange?.[1]],
  ["agent_mean_n", (r) => r.agentMeanN],
  ["gap", (r) => r.gap],
  ["ratio", (r) => r.ratio],
  // Which labeller each side used (F.7.3: one classifier for both; `benchmark`: the maintainers' own labels).
  ["agent_labeller", (r) => r.agentLabeller],
  ["reference_labeller", (r) => r.referenceLabeller],
];

/** GET /api/v1/bug-types?format=csv: one row per category and trigger, stored and reported distributions. */
export function bugTypesCsv(data: BugTypes): string {
  const rows = (kind: "categories" | "triggers", d: Distribution | null, source: string): Row[] =>
    (d?.[kind] ?? []).map((r) => ({
      ...r,
      source,
      kind: kind === "categories" ? "category" : "trigger",
      agentLabeller: d?.labellers?.agents?.key ?? null,
      referenceLabeller: d?.labellers?.reference.key ?? null,
    }));
  return columnsCsv(BUG_TYPE_COLUMNS, [
    ...rows("categories", data.stored, "stored"),
    ...rows("triggers", data.stored, "stored"),
    ...rows("categories", data.reported, "reported"),
    ...rows("triggers", data.reported, "reported"),
  ]);
}

type Distances = z.infer<typeof bugTypeDistancesSchema>;
type Subject = Distances["subjects"][number];
type Pair = { a: Subject; b: Subject; distance: number | null };

const DISTANCE_COLUMNS: CsvColumn<Pair>[] = [
  ["from", (p) => p.a.label],
  ["from_submission_id", (p) => p.a.submission_id],
  ["to", (p) => p.b.label],
  ["to_submission_id", (p) => p.b.submission_id],
  ["js_distance_base2", (p) => p.distance],
  ["from_labeller", (p) => p.a.labeller],
  ["to_labeller", (p) => p.b.labeller],
];

/** GET /api/v1/bug-types/distances?format=csv: every ordered pair of subjects with its Jensen-Shannon distance. */
export function bugTypeDistancesCsv(data: Distances): string {
  const pairs = data.subjects.flatMap((a, i) =>
    data.subjects.map((b, j) => ({ a, b, distance: data.distances[i]?.[j] ?? null })),
  );
  return columnsCsv(DISTANCE_COLUMNS, pairs);
}

type Within = Distances["within_configuration"][number] & { labeller: string | null; referenceLabeller: string };
const summaryColumns = (prefix: string, of: (row: Within) => Within["run_to_run"]): CsvColumn<Within>[] => [
  [`${prefix}_n`, (r) => of(r)?.n],
  [`${prefix}_mean`, (r) => of(r)?.mean],
  [`${prefix}_min`, (r) => of(r)?.min],
  [`${prefix}_max`, (r) => of(r)?.max],
];
const RUN_DISTANCE_COLUMNS: CsvColumn<Within>[] = [
  ["configuration", (r) => r.label],
  ["submission_id", (r) => r.submission_id],
  ["runs", (r) => r.runs],
  ...summaryColumns("run_to_run_js_distance_base2", (r) => r.run_to_run),
  ...summaryColumns("reference_to_runs_js_distance_base2", (r) => r.reference_to_runs),
  ...summaryColumns("to_other_configurations_js_distance_base2", (r) => r.to_other_configurations),
  ["labeller", (r) => r.labeller],
  ["reference_labeller", (r) => r.referenceLabeller],
];

/** GET /api/v1/bug-types/distances?format=csv&table=runs: per configuration, its runs' distances to one another and from the reference set. */
export function bugTypeRunDistancesCsv(data: Distances): string {
  return columnsCsv(
    RUN_DISTANCE_COLUMNS,
    data.within_configuration.map((r) => ({
      ...r,
      labeller: data.labellers.agents?.key ?? null,
      referenceLabeller: data.labellers.reference.key,
    })),
  );
}
