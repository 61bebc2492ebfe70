import { count } from "@/lib/format";
import { Pager } from "@/components/ui/pager";
import { scrollRegion } from "@/components/ui/scroll-region";
import { pageInfo } from "@/lib/server/pagination";
import type { RepositoryPlan } from "@/lib/server/snapshots/get-repository-plan";
import type { CallSite, Pass } from "@/lib/validation/pass-plan";
import { ColumnHeads } from "@/components/ui/column-heads";

const PASSES_PER_PAGE = 20;
// Files listed in a pass row before the rest fold into a disclosure.
const FILES_SHOWN = 5;

/** The stored snapshot and pass plan of a repository: facts, a paginated pass table with call-graph excerpts. */
export function PlanSection({
  view,
  page,
  path,
  benchmarkKey,
}: {
  view: RepositoryPlan | null;
  page: number;
  path: string;
  benchmarkKey: string;
}) {
  if (!view) {
    return (
      <section aria-labelledby="plan-heading">
        <h2 id="plan-heading">Audit plan</h2>
        <p className="muted">
          No snapshot of this repository has been imported for {benchmarkKey} yet, so there is no pass plan.
        </p>
      </section>
    );
  }
  const { plan, snapshot } = view;
  const info = pageInfo(plan.passes.length, page, PASSES_PER_PAGE);
  const shown = plan.passes.slice((info.page - 1) * PASSES_PER_PAGE, info.page * PASSES_PER_PAGE);
  const individual = plan.passes.filter((p) => p.kind === "individual").length;
  const tokens = plan.passes.reduce((n, p) => n + p.tokens, 0);
  const graph = plan.call_graph;
  const languages = Object.entries(snapshot.languages)
    .map(([l, lines]) => `${l} ${count(lines)}`)
    .join(", ");
  const api = `/api/v1/repositories/${view.repository}/plan?benchmark=${encodeURIComponent(benchmarkKey)}`;
  return (
    <section aria-labelledby="plan-heading">
      <h2 id="plan-heading">Audit plan</h2>
      <p className="table-note">
        The deterministic pass planner (Appendix B) splits the snapshot into passes: complex files alone, the rest by
        directory within a 60k-token budget. Each pass is audited with the callers and callees shown here.
      </p>
      <dl className="facts">
        <dt>Snapshot</dt>
        <dd>
          <code title={snapshot.sha256}>sha256 {snapshot.sha256.slice(0, 16)}</code>, {count(snapshot.files)} files,{" "}
          {count(snapshot.lines)} source lines
          {languages && ` (${languages})`}
        </dd>
        <dt>Environment image</dt>
        <dd>{snapshot.image ? <code>{snapshot.image}</code> : "–"}</dd>
        <dt>Passes</dt>
        <dd>
          {count(plan.passes.length)} ({individual} individual, {plan.passes.length - individual} batches),{" "}
          {count(tokens)} tokens, planner version {plan.planner_version}
        </dd>
        <dt>Audited files</dt>
        <dd>
          {count(plan.audited_files.length)}; {count(plan.excluded.length)} excluded
        </dd>
        <dt>Call graph</dt>
        <dd>
          {count(graph.calls)} calls: {count(graph.resolved_by_import)} resolved by import,{" "}
          {count(graph.resolved_by_name)} by unique name, {count(graph.same_file)} within a file,{" "}
          {count(graph.unresolved)} unresolved
        </dd>
      </dl>

      <div className="table-wrap" {...scrollRegion(`Audit passes of ${view.repository}`)}>
        <table>
          <caption>Audit passes of {view.repository}</caption>
          <ColumnHeads columns={["Pass", "Kind", "Files", { label: "Tokens", num: true }, "Call-graph excerpt"]} />
          <tbody>
            {shown.map((pass) => (
              <tr key={pass.id}>
                <th scope="row">
                  <code>{pass.id}</code>
                </th>
                <td>{pass.kind}</td>
                <td className="wrap">
                  <PassFiles pass={pass} />
                </td>
                <td className="num">{count(pass.tokens)}</td>
                <td className="wrap">
                  <Excerpt pass={pass} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager info={info} path={path} params={{ benchmark: benchmarkKey }} noun="passes" />
      {plan.excluded.length > 0 && (
        <details className="chart-data">
          <summary>Excluded files ({count(plan.excluded.length)})</summary>
          <ul className="small">
            {plan.excluded.map((e) => (
              <li key={e.file}>
                <code>{e.file}</code> <span className="muted">{e.reason}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
      <p className="downloads">
        Download: <a href={api}>plan JSON</a>
      </p>
    </section>
  );
}

function PassFiles({ pass }: { pass: Pass }) {
  const list = (files: string[]) => (
    <ul className="plain small">
      {files.map((f) => (
        <li key={f}>
          <code>{f}</code>
        </li>
      ))}
    </ul>
  );
  if (pass.files.length <= FILES_SHOWN) return list(pass.files);
  return (
    <>
      {list(pass.files.slice(0, FILES_SHOWN))}
      <details>
        <summary>{pass.files.length - FILES_SHOWN} more files</summary>
        {list(pass.files.slice(FILES_SHOWN))}
      </details>
    </>
  );
}

function Excerpt({ pass }: { pass: Pass }) {
  if (pass.callers_total === 0 && pass.callees_total === 0)
    return <span className="muted">No calls to or from other passes</span>;
  const sites = (label: string, list: CallSite[], total: number) =>
    list.length > 0 && (
      <>
        <p className="small">
          {label} ({list.length < total ? `${list.length} of ${total}` : total})
        </p>
        <ul className="plain small">
          {list.map((s) => (
            <li key={`${s.file}:${s.line}:${s.name}`}>
              <code>{s.name}</code>{" "}
              <span className="muted">
                {s.file}:{s.line}
              </span>
            </li>
          ))}
        </ul>
      </>
    );
  return (
    <details>
      <summary>
        {pass.callers_total} callers, {pass.callees_total} callees
      </summary>
      {sites("Called from", pass.callers, pass.callers_total)}
      {sites("Calls", pass.callees, pass.callees_total)}
    </details>
  );
}
