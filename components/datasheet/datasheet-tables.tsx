import type { ReactNode } from "react";
import type { Datasheet, DatasheetCell, FamilyName, ReportedDatasheet } from "@/lib/contracts/datasheet";
import { ColumnTable, numericColumns } from "@/components/ui/column-table";
import { count, DASH } from "@/lib/format";
import { FAMILY_LABELS } from "./datasheet-charts";

// The datasheet's tables (Tables 1, 6, 8, 9 and the held-out check): computed values, with the published ones of a
// transcribed version in columns of their own, never mixed into the computed ones.

const FAMILIES: FamilyName[] = ["exponential", "weibull", "lognormal"];
const PARAMETER_LABELS: Record<string, string> = { beta: "β", a: "a", lambda: "λ", mu: "μ", sigma: "σ" };

function num(value: number | null | undefined, digits?: number): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  if (digits !== undefined)
    return value.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
  return Math.abs(value) >= 100 ? count(Math.round(value)) : Number(value.toPrecision(3)).toString();
}

function change(value: number | null): string {
  return value === null ? DASH : `${value > 0 ? "+" : value < 0 ? "−" : ""}${Math.abs(value).toFixed(1)}%`;
}

export function PipelineTable({
  sheet,
  reported,
}: {
  sheet: Datasheet;
  reported: ReportedDatasheet["pipeline"] | null;
}) {
  const stages = sheet.pipeline?.stages ?? [];
  const published = reported ? Object.values(reported) : [];
  const labels =
    stages.length > 0
      ? stages.map((s) => s.label)
      : [
          "Commits",
          "Bug-fix commits",
          "Candidate bugs",
          "Anchored candidates",
          "Present candidates",
          "Deduplicated bugs",
        ];
  return (
    <ColumnTable
      label="Table 1: the collection pipeline"
      caption="Commits and candidate bugs left after each stage of collecting the reference set; Δ is the change against the stage before"
      columns={[
        "Stage",
        ...numericColumns(
          ...(stages.length > 0 ? ["Count", "Δ"] : []),
          ...(reported ? ["Reported count", "Reported Δ"] : []),
        ),
      ]}
    >
      {labels.map((label, i) => {
        const before = i > 0 ? published[i - 1] : undefined;
        const own = published[i];
        return (
          <tr key={label}>
            <th scope="row">{label}</th>
            {stages.length > 0 && (
              <>
                <td className="num">{count(stages[i]!.count)}</td>
                <td className="num">{change(stages[i]!.change_pct)}</td>
              </>
            )}
            {reported && (
              <>
                <td className="num">{count(own)}</td>
                <td className="num">{change(before && own !== undefined ? ((own - before) / before) * 100 : null)}</td>
              </>
            )}
          </tr>
        );
      })}
    </ColumnTable>
  );
}

function Cell({
  cell,
  reported,
  digits,
}: {
  cell: DatasheetCell;
  reported: number | null | undefined;
  digits?: number;
}) {
  if (cell.value !== null) return <td className="num">{num(cell.value, digits)}</td>;
  if (reported !== null && reported !== undefined)
    return (
      <td className="num">
        <em>{num(reported, digits)}</em>
        <span aria-hidden="true">*</span>
        <span className="visually-hidden"> (as published)</span>
      </td>
    );
  // What would provide the value is said once under the table, not in every cell.
  return <td className="num">{DASH}</td>;
}

export function RepositoriesTable({ sheet, reported }: { sheet: Datasheet; reported: ReportedDatasheet | null }) {
  const published = new Map((reported?.repositories ?? []).map((r) => [r.repo, r]));
  const planners = [...new Set(sheet.repositories.flatMap((r) => (r.planner_version ? [r.planner_version] : [])))];
  // The fields behind the cells shown as a dash (no value here, none published).
  const missing = [
    ...new Set(
      sheet.repositories.flatMap((r) => {
        const p = published.get(r.repo);
        const cells = [
          [r.files, p?.files],
          [r.passes, p?.passes],
          [r.kloc, p?.kloc],
          [r.tests, p?.tests],
          [r.commits, p?.commits],
          [r.fix_commits, p?.fix_commits],
        ] as const;
        return cells.flatMap(([c, shown]) => (c.value === null && shown == null && c.missing ? [c.missing] : []));
      }),
    ),
  ];
  return (
    <>
      <ColumnTable
        label="Table 6: the repositories"
        caption={`Files and kLOC count the audited non-test source files and Passes the audit passes they are split into${planners.length ? ` (pass planner version ${planners.join(", ")})` : ""}; Tests pass at the snapshot; Commits and Fix com. (bug-fixing commits) are counted over the reference window; Bugs are the reference bugs`}
        columns={[
          "Repository",
          "Language",
          ...numericColumns("Files", "Passes", "kLOC", "Tests", "Commits", "Fix com.", "Bugs"),
        ]}
      >
        {sheet.repositories.map((r) => {
          const p = published.get(r.repo);
          return (
            <tr key={r.repo}>
              <th scope="row">
                {r.repo}
                {r.domain && <span className="muted small"> · {r.domain}</span>}
              </th>
              <td>{r.language}</td>
              <Cell cell={r.files} reported={p?.files} />
              <Cell cell={r.passes} reported={p?.passes} />
              <Cell cell={r.kloc} reported={p?.kloc} digits={1} />
              <Cell cell={r.tests} reported={p?.tests} />
              <Cell cell={r.commits} reported={p?.commits} />
              <Cell cell={r.fix_commits} reported={p?.fix_commits} />
              <td className="num">{count(r.bugs)}</td>
            </tr>
          );
        })}
      </ColumnTable>
      {reported && published.size > 0 && (
        <p className="muted small">* as published ({reported.source}); not computed from data stored here.</p>
      )}
      {missing.length > 0 && (
        <p className="muted small">
          {DASH}: not in this version&apos;s data; provided by{" "}
          {missing.map((m, i) => (
            <span key={m}>
              {i > 0 && ", "}
              <code>{m}</code>
            </span>
          ))}{" "}
          in the benchmark file.
        </p>
      )}
    </>
  );
}

function estimate(e: { value: number; se: number | null } | null): string {
  if (!e) return DASH;
  return e.se === null ? num(e.value) : `${num(e.value)} ± ${num(e.se)}`;
}

/** The bug-pool tables: the own datasheet's figures beside the paper's reported ones, when there are any. */
type BugPoolTableProps = { sheet: Datasheet; reported: ReportedDatasheet["bug_pool"] | null };

export function FitsTable({ sheet, reported }: BugPoolTableProps) {
  const pool = sheet.bug_pool;
  const rows = FAMILIES.flatMap((family) => {
    const fit = pool?.fits.find((f) => f.family === family);
    const names = fit
      ? fit.parameters.map((p) => p.name)
      : family === "exponential"
        ? ["beta"]
        : family === "weibull"
          ? ["a", "lambda"]
          : ["mu", "sigma"];
    return names.map((name, i) => ({ family, name, i, own: fit?.parameters[i] ?? null }));
  });
  return (
    <ColumnTable
      label="Table 8: fitted parameters"
      caption={`Fitted parameters of the three fix-position families (± one standard error from the Hessian)${pool ? `: full window ${count(pool.bugs)} bugs, first half ${count(pool.first_half_bugs)}` : ""}${reported ? `; published: ${count(reported.full_window_bugs)} and ${count(reported.first_half_bugs)}` : ""}`}
      columns={[
        "Family",
        "Parameter",
        ...numericColumns(
          ...(pool ? ["Full window", "First half"] : []),
          ...(reported ? ["Reported full", "Reported first half"] : []),
        ),
      ]}
    >
      {rows.map((r) => (
        <tr key={`${r.family}-${r.name}`}>
          <th scope="row">
            {r.i === 0 ? FAMILY_LABELS[r.family] : <span className="visually-hidden">{FAMILY_LABELS[r.family]}</span>}
          </th>
          <td>{PARAMETER_LABELS[r.name] ?? r.name}</td>
          {pool && (
            <>
              <td className="num">{estimate(r.own?.full ?? null)}</td>
              <td className="num">{estimate(r.own?.first_half ?? null)}</td>
            </>
          )}
          {reported && (
            <>
              <td className="num">{num(reported.parameters[r.family]?.full[r.i])}</td>
              <td className="num">{num(reported.parameters[r.family]?.first_half[r.i])}</td>
            </>
          )}
        </tr>
      ))}
    </ColumnTable>
  );
}

/** Figures of one side of a family table: its column names and a family's cells, in that order. */
type FamilyColumns = { columns: string[]; cells: (family: FamilyName) => ReactNode[] };

/** One row per family: the version's computed figures (when there are) beside the published ones (when there are). */
function FamilyTable({
  label,
  caption,
  own,
  published,
}: {
  label: string;
  caption: string;
  own: FamilyColumns | null;
  published: FamilyColumns | null;
}) {
  return (
    <ColumnTable
      label={label}
      caption={caption}
      columns={["Family", ...numericColumns(...(own?.columns ?? []), ...(published?.columns ?? []))]}
    >
      {FAMILIES.map((family) => (
        <tr key={family}>
          <th scope="row">{FAMILY_LABELS[family]}</th>
          {[...(own?.cells(family) ?? []), ...(published?.cells(family) ?? [])].map((cell, i) => (
            <td key={i} className="num">
              {cell}
            </td>
          ))}
        </tr>
      ))}
    </ColumnTable>
  );
}

export function HeldOutTable({ sheet, reported }: BugPoolTableProps) {
  const pool = sheet.bug_pool;
  return (
    <FamilyTable
      label="Held-out check"
      caption="Late fixes (second half of each repository's fix-commit sequence) predicted from the first-half fit, against those observed; underprediction is (observed − predicted) / observed"
      own={
        pool && {
          columns: ["Predicted", "Observed", "Underprediction"],
          cells: (family) => {
            const own = pool.held_out.find((h) => h.family === family);
            return [
              own ? count(Math.round(own.predicted)) : DASH,
              own ? count(own.observed) : DASH,
              own?.underprediction_pct != null ? `${own.underprediction_pct.toFixed(1)}%` : DASH,
            ];
          },
        }
      }
      published={
        reported && {
          columns: ["Reported predicted", "Reported observed", "Reported underprediction"],
          cells: (family) => [
            count(reported.held_out.predicted[family]),
            count(reported.held_out.observed),
            `${num(reported.held_out.underprediction_pct[family], 1)}%`,
          ],
        }
      }
    />
  );
}

export function HorizonsTable({ sheet, reported }: BugPoolTableProps) {
  const pool = sheet.bug_pool;
  return (
    <FamilyTable
      label="Table 9: bugs fixed within each horizon"
      caption="Snapshot bugs each family expects fixed within 5 and 10 years and in total (the sum over the fitted curve's whole tail), from the full-window fit; years become bug-fixing commits at each repository's observed pace"
      own={
        pool && {
          columns: ["5 years", "10 years", "∞"],
          cells: (family) => {
            const own = pool.horizons.find((h) => h.family === family);
            return [
              own?.five_years != null ? count(Math.round(own.five_years)) : DASH,
              own?.ten_years != null ? count(Math.round(own.ten_years)) : DASH,
              own?.total_infinite ? "∞ (infinite tail)" : own?.total != null ? count(Math.round(own.total)) : DASH,
            ];
          },
        }
      }
      published={
        reported && {
          columns: ["Reported 5 years", "Reported 10 years", "Reported ∞"],
          cells: (family) => {
            const published = reported.horizons[family];
            return [count(published?.five_years), count(published?.ten_years), count(published?.total)];
          },
        }
      }
    />
  );
}
