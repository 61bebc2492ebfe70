import type { ValidityPoint } from "../analyses/validity-points";
import { columnsCsv, type CsvColumn } from "./format-csv";

// GET /api/v1/validity?format=csv: Figure 5's points, written by the one guarded CSV writer (entry labels are typed by
// submitters).

const COLUMNS: CsvColumn<ValidityPoint>[] = [
  ["submission_id", (p) => p.id],
  ["label", (p) => p.label],
  ["source", (p) => p.source],
  ["runs", (p) => p.runs],
  ["validity", (p) => p.validity],
  ["validity_low", (p) => p.validity_ci?.[0]],
  ["validity_high", (p) => p.validity_ci?.[1]],
  ["validity_basis", (p) => p.validity_basis],
  ["precision", (p) => p.precision],
  ["precision_low", (p) => p.precision_ci?.[0]],
  ["precision_high", (p) => p.precision_ci?.[1]],
  ["precision_basis", (p) => p.precision_basis],
];

export function validityCsv(points: readonly ValidityPoint[]): string {
  return columnsCsv(COLUMNS, points);
}
