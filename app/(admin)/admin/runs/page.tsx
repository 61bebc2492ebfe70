import type { Metadata } from "next";
import Link from "next/link";
import { requirePageAdmin } from "@/lib/server/auth/current-user";
import { listAuditRuns } from "@/lib/server/audit-runs/get-run";
import { getLaunchOptions } from "@/lib/server/audit-runs/launch-options";
import { NO_ENDPOINT_MESSAGE } from "@/lib/server/audit-runs/create-run";
import { describeSandbox, noSandboxMessage } from "@/lib/contracts/sandbox-record";
import { pageFromSearchParam } from "@/lib/server/pagination";
import { count } from "@/lib/format";
import { AutoRefresh } from "@/components/account/auto-refresh";
import { Pager } from "@/components/ui/pager";
import { LaunchRunForm } from "@/components/audit-runs/launch-run-form";
import { RunStatusBadge, usd } from "@/components/audit-runs/run-status";
import styles from "@/components/ui/forms.module.css";
import { ColumnHeads } from "@/components/ui/column-heads";
import { listRunsQuerySchema } from "@/lib/contracts/audit-runs";
import { parseOrThrow } from "@/lib/errors";

export const metadata: Metadata = { title: "In-house runs", robots: { index: false } };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function RunsPage({ searchParams }: Props) {
  await requirePageAdmin("/admin/runs");
  const page = pageFromSearchParam((await searchParams).page);
  const [{ runs, pagination }, options] = await Promise.all([
    listAuditRuns(parseOrThrow(listRunsQuerySchema, { page }, "The query")),
    getLaunchOptions(),
  ]);
  const active = runs.some((r) => r.status === "queued" || r.status === "running");
  return (
    <>
      <h1>In-house runs</h1>
      <p className="muted">
        probebench audits a benchmark version itself: every pass of the plan runs as a tool-using agent against an
        OpenAI-compatible model, in an isolated sandbox with the snapshot and no network. A finished run becomes an
        in-house submission, scored and reviewed like any other.
      </p>
      {options.sandbox?.kind === "none" ? (
        <div className={styles.alert} role="alert" data-testid="no-sandbox">
          {noSandboxMessage(options.sandbox)}
        </div>
      ) : options.sandbox ? (
        <p className={options.sandbox.warning ? styles.info : "muted"} data-testid="sandbox">
          Tool calls run in the {describeSandbox(options.sandbox)}.
        </p>
      ) : (
        <p className="muted" data-testid="sandbox">
          No worker has started yet: runs wait in the queue until one says which sandbox it has.
        </p>
      )}
      {options.sandbox?.kind === "none" ? null : !options.endpointConfigured ? (
        <div className={styles.info} role="status" data-testid="no-endpoint">
          {NO_ENDPOINT_MESSAGE}
        </div>
      ) : options.benchmarks.length === 0 ? (
        <p className="card empty-state">
          No repository has a snapshot yet: import one with <code>npx probebench snapshot import</code>.
        </p>
      ) : (
        <LaunchRunForm options={{ baseUrls: options.baseUrls, benchmarks: options.benchmarks }} />
      )}
      <h2>Runs</h2>
      <AutoRefresh active={active} />
      {runs.length === 0 ? (
        <p className="card empty-state">No run has been launched yet.</p>
      ) : (
        <div className="table-wrap">
          <table>
            <caption>In-house runs, newest first</caption>
            <ColumnHeads
              columns={[
                "Run",
                "Status",
                "Benchmark",
                "Harness",
                "Passes done / total",
                "Tokens",
                "Cost",
                "Started (UTC)",
              ]}
            />
            <tbody>
              {runs.map((r) => (
                <tr key={r.id} data-run-id={r.id}>
                  <td>
                    <Link href={`/admin/runs/${r.id}`}>{r.model}</Link>
                  </td>
                  <td>
                    <RunStatusBadge status={r.status} />
                  </td>
                  <td>{r.benchmark}</td>
                  <td>
                    <code>{r.harness}</code>
                  </td>
                  <td>
                    {r.passes_done} / {r.passes_total}
                    {r.passes_failed > 0 && <span className="muted"> ({r.passes_failed} failed)</span>}
                  </td>
                  <td>{count(r.tokens)}</td>
                  <td>{usd(r.cost_usd)}</td>
                  <td>{(r.started_at ?? r.created_at).slice(0, 16).replace("T", " ")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager info={pagination} path="/admin/runs" noun="runs" />
    </>
  );
}
