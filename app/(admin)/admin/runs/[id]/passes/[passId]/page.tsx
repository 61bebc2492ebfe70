import type { Metadata } from "next";
import Link from "next/link";
import { requirePageAdmin } from "@/lib/server/auth/current-user";
import { getAuditPass } from "@/lib/server/audit-runs/get-run";
import { count } from "@/lib/format";
import { AutoRefresh } from "@/components/account/auto-refresh";
import { RunStatusBadge, usd } from "@/components/audit-runs/run-status";
import { TranscriptView } from "@/components/audit-runs/transcript-view";
import { orNotFound } from "@/app/or-not-found";

export const metadata: Metadata = { title: "Pass transcript", robots: { index: false } };
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string; passId: string }> };

export default async function PassPage({ params }: Props) {
  const { id, passId } = await params;
  await requirePageAdmin(`/admin/runs/${id}/passes/${passId}`);
  const pass = await orNotFound(getAuditPass(id, passId));
  return (
    <>
      <p className="muted small">
        <Link href="/admin/runs">In-house runs</Link> / <Link href={`/admin/runs/${id}`}>run</Link> / {pass.repo}{" "}
        {pass.pass}
      </p>
      <h1>
        {pass.repo} {pass.pass} <RunStatusBadge status={pass.status} />
      </h1>
      <AutoRefresh active={pass.status === "queued" || pass.status === "running"} everyMs={2_000} />
      <dl className="facts">
        <dt>Files</dt>
        <dd>{pass.files.length ? pass.files.join(", ") : "the whole repository"}</dd>
        <dt>Turns</dt>
        <dd>{pass.turns}</dd>
        <dt>Tokens</dt>
        <dd>{count(pass.tokens)}</dd>
        <dt>Cost</dt>
        <dd>{usd(pass.cost_usd)}</dd>
        <dt>Attempt</dt>
        <dd>{pass.attempts}</dd>
        <dt>Findings</dt>
        <dd>{pass.findings}</dd>
        {pass.error && (
          <>
            <dt>Note</dt>
            <dd>{pass.error}</dd>
          </>
        )}
      </dl>
      {pass.findings_list.length > 0 && (
        <>
          <h2>Findings</h2>
          <ul>
            {pass.findings_list.map((f, i) => (
              <li key={i}>
                <code>
                  {f.file}:{f.line_start}-{f.line_end}
                </code>{" "}
                {f.title} <span className="muted">({f.severity ?? "no severity"})</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <h2>Transcript</h2>
      <p className="muted small">
        The messages of the latest attempt; tool outputs as the model saw them (cut to 12,000 characters).
      </p>
      <TranscriptView messages={pass.transcript} />
    </>
  );
}
