import type { Metadata } from "next";
import { describeIsolation, describeSandbox } from "@/lib/contracts/sandbox-record";
import Link from "next/link";
import { requirePageAdmin } from "@/lib/server/auth/current-user";
import { getAuditRun } from "@/lib/server/audit-runs/get-run";
import { pageFromSearchParam, pageInfo } from "@/lib/server/pagination";
import { Pager } from "@/components/ui/pager";
import { count } from "@/lib/format";
import { AutoRefresh } from "@/components/account/auto-refresh";
import { CancelRunButton } from "@/components/audit-runs/cancel-run-button";
import { RunStatusBadge, usd } from "@/components/audit-runs/run-status";
import styles from "@/components/ui/forms.module.css";
import { ColumnHeads } from "@/components/ui/column-heads";
import { ProgressBar } from "@/components/ui/progress-bar";
import { orNotFound } from "@/app/or-not-found";

export const metadata: Metadata = { title: "In-house run", robots: { index: false } };
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };
const PASSES_PER_PAGE = 50;

function load(id: string) {
  return orNotFound(getAuditRun(id));
}

export default async function RunPage({ params, searchParams }: Props) {
  const { id } = await params;
  const page = pageFromSearchParam((await searchParams).page);
  await requirePageAdmin(`/admin/runs/${id}`);
  const run = await load(id);
  const ended = run.finished_at !== null;
  const info = pageInfo(run.passes.length, page, PASSES_PER_PAGE);
  const shown = run.passes.slice((page - 1) * PASSES_PER_PAGE, page * PASSES_PER_PAGE);
  const finishedPasses = run.passes.filter((p) => !["queued", "running"].includes(p.status)).length;
  const percent = run.passes_total ? Math.round((finishedPasses / run.passes_total) * 100) : 100;
  const budget = [
    run.budget.usd !== null && `$${run.budget.usd}`,
    run.budget.tokens !== null && `${count(run.budget.tokens)} tokens`,
    run.budget.wall_minutes !== null && `${run.budget.wall_minutes} min`,
  ]
    .filter(Boolean)
    .join(", ");
  return (
    <>
      <p className="muted small">
        <Link href="/admin/runs">In-house runs</Link> / {run.id}
      </p>
      <div className="page-head">
        <h1>
          {run.model} <RunStatusBadge status={run.status} />
        </h1>
        {(run.status === "queued" || run.status === "running") && <CancelRunButton id={run.id} />}
      </div>
      <AutoRefresh active={!ended} everyMs={2_000} />
      {run.error && <p className={run.status === "failed" ? styles.alert : styles.info}>{run.error}</p>}
      {run.submission_id && (
        <p className={styles.notice} data-testid="run-submission">
          The run became an in-house submission:{" "}
          <Link href={`/account/submissions/${run.submission_id}`}>scores and review</Link>.
        </p>
      )}
      <dl className="facts">
        <dt>Benchmark</dt>
        <dd>{run.benchmark}</dd>
        <dt>Harness</dt>
        <dd>
          <code>{run.harness}</code>
        </dd>
        <dt>Sandbox</dt>
        <dd data-testid="run-sandbox">
          {run.sandbox ? describeSandbox(run.sandbox) : "not chosen yet (the run has not started)"}
          {run.sandbox?.warning && <span className={styles.info}> Limits not enforced as a whole.</span>}
        </dd>
        {run.sandbox?.isolation && (
          <>
            <dt>Isolation</dt>
            <dd data-testid="run-isolation">{describeIsolation(run.sandbox)}</dd>
          </>
        )}
        <dt>Reasoning effort</dt>
        <dd>{run.reasoning_effort ?? "model default"}</dd>
        <dt>Repositories</dt>
        <dd>{run.repos.join(", ")}</dd>
        <dt>Passes</dt>
        <dd data-testid="run-progress-text">
          {run.passes_done} done, {run.passes_failed} failed, {run.passes_running} running of {run.passes_total}
        </dd>
        <dt>Tokens</dt>
        <dd>
          {count(run.tokens)} ({count(run.input_tokens)} in, of which {count(run.cached_input_tokens)} cached;{" "}
          {count(run.output_tokens)} out)
        </dd>
        <dt>Cost</dt>
        <dd>{usd(run.cost_usd)}</dd>
        <dt>Budget</dt>
        <dd>{budget || "none"}</dd>
      </dl>
      <ProgressBar label="Passes finished" percent={percent} />
      <h2>Passes</h2>
      <div className="table-wrap">
        <table>
          <caption>Passes of this run, in plan order</caption>
          <ColumnHeads
            columns={["Pass", "Status", "Files", "Turns", "Tokens", "Cost", "Findings", "Attempts", "Note"]}
          />
          <tbody>
            {shown.map((p) => (
              <tr key={p.id} data-pass-status={p.status}>
                <td>
                  <Link href={`/admin/runs/${run.id}/passes/${p.id}`} aria-label={`Transcript of ${p.repo} ${p.pass}`}>
                    {p.repo} {p.pass}
                  </Link>
                </td>
                <td>
                  <RunStatusBadge status={p.status} />
                </td>
                <td title={p.files.join("\n")}>{p.files.length || "all"}</td>
                <td>{p.turns}</td>
                <td>{count(p.tokens)}</td>
                <td>{usd(p.cost_usd)}</td>
                <td>{p.findings}</td>
                <td>{p.attempts}</td>
                <td className="small">{p.error ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager info={info} path={`/admin/runs/${run.id}`} noun="passes" />
    </>
  );
}
