import type { Metadata } from "next";
import { requirePageAdmin } from "@/lib/server/auth/current-user";
import { getBuild } from "@/lib/server/benchmark-builds/build-view";
import { count } from "@/lib/format";
import { loadOr404 } from "@/components/workbench/load-or-404";
import { AutoRefresh } from "@/components/account/auto-refresh";
import { BuildActions, CandidateDecision, RefreshForm } from "@/components/benchmark-builds/build-actions";
import { ColumnTable } from "@/components/ui/column-table";

// One build: Table 1 live while the stages run, and every candidate's trail (commit, stage reached, verdict, ground,
// the model's rationale at each stage) with the maintainers' accept / reject / edit.
export const metadata: Metadata = { title: "Benchmark build", robots: { index: false } };
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

const percent = (x: number | null) => (x === null ? "" : `${x >= 0 ? "+" : ""}${(x * 100).toFixed(1)}%`);

export default async function BuildPage({ params }: Props) {
  const { id } = await params;
  await requirePageAdmin(`/admin/builds/${id}`);
  const build = await loadOr404(() => getBuild(id));
  const estimate = build.estimate;
  return (
    <>
      <AutoRefresh active={build.status === "running"} />
      <h1>
        Build of {build.slug}@{build.version}
      </h1>
      <p data-testid="build-status">
        Status <strong>{build.status}</strong>
        {build.error ? `: ${build.error}` : ""}. T0 {build.snapshot}, T1 {build.window_end}; spent $
        {build.spent_usd.toFixed(2)} of a ${build.budget_usd.toFixed(2)} budget
        {estimate.cost_usd !== undefined
          ? ` (estimate $${estimate.cost_usd.toFixed(2)}: ${estimate.classifier_calls} classifier calls, ${estimate.extractor_calls} extractions, ${estimate.presence_calls} presence checks, ${estimate.audit_calls} audit sessions)`
          : ""}
        .{build.published ? ` Published as ${build.published}.` : ""}
      </p>
      <BuildActions build={build} />
      <ColumnTable
        caption="Table 1: what remains after each stage (Δ relative to the preceding counted stage)"
        columns={[
          "Stage",
          "Count",
          "Δ",
          "Status",
          "Model calls",
          "Tokens (prompt, of them cached; completion)",
          "Cost",
        ]}
        table={{ "data-testid": "build-table1" }}
      >
        {build.table1.map((r) => (
          <tr key={r.stage}>
            <th scope="row">{r.label}</th>
            <td>{r.count ?? "…"}</td>
            <td>{percent(r.change)}</td>
            <td>{r.error ? `${r.status}: ${r.error}` : (r.status ?? "waiting")}</td>
            <td>{r.model_calls}</td>
            <td>
              {count(r.input_tokens)}, {count(r.cached_input_tokens)} cached; {count(r.output_tokens)}
            </td>
            <td>${r.cost_usd.toFixed(2)}</td>
          </tr>
        ))}
      </ColumnTable>
      <h2>Candidates</h2>
      {build.candidates.length === 0 ? <p className="card empty-state">No candidate yet.</p> : null}
      {build.candidates.map((c) => (
        <details key={c.id} className="card">
          <summary>
            {c.repo} {c.commit.slice(0, 10)}: {c.report?.title ?? c.summary} — {c.verdict} at {c.stage}
            {c.ground ? ` (${c.ground}${c.introduced_by ? ` by ${c.introduced_by.slice(0, 10)}` : ""})` : ""}
            {c.low_confidence ? ", low confidence" : ""}
            {c.audit?.verdict === "flag" ? `, audit: ${c.audit.ground}` : ""}
            {c.decision ? `, maintainer: ${c.decision}` : ""}
          </summary>
          <p className="small">
            Fixed {c.fixed_at.slice(0, 10)}; pinned {c.parent_location.file}:{c.parent_location.line_start}-
            {c.parent_location.line_end} before the fix{c.insertion ? " (the fix only adds lines)" : ""}
            {c.location ? `; at T0 ${c.location.file}:${c.location.line_start}-${c.location.line_end}` : ""}
            {c.duplicate_of ? `; duplicate of ${c.duplicate_of}` : ""}
            {c.reference_bug_id ? `; published as ${c.reference_bug_id}` : ""}.
          </p>
          <ul className="small">
            {Object.entries(c.rationale).map(([stage, text]) => (
              <li key={stage}>
                <strong>{stage}</strong>: {text}
              </li>
            ))}
            {c.audit ? (
              <li>
                <strong>false-positive audit</strong>:{" "}
                {c.audit.verdict === "flag"
                  ? `flagged, ${c.audit.ground}`
                  : c.audit.verdict === "keep"
                    ? "kept"
                    : "no verdict (kept, not rated)"}
                : {c.audit.rationale}
                {c.audit.cited_output ? <pre className="small">{c.audit.cited_output}</pre> : null}
              </li>
            ) : null}
          </ul>
          {c.report ? <p className="small">{c.report.description}</p> : null}
          {build.status === "review" ? <CandidateDecision buildId={build.id} candidate={c} /> : null}
        </details>
      ))}
      {build.status === "published" ? (
        <>
          <h2>Refresh</h2>
          <p>A build of the same repositories with a later T0 and T1, published as a new version.</p>
          <RefreshForm buildId={build.id} />
        </>
      ) : null}
    </>
  );
}
