import type { Metadata } from "next";
import Link from "next/link";
import { requirePageUser } from "@/lib/server/auth/current-user";
import { getSubmissionStatus } from "@/lib/server/submissions/get-submission-status";
import { canWithdrawSubmission } from "@/lib/server/submissions/withdraw-submission";
import { ReviewBadge } from "@/components/account/status-badges";
import { ScoreTable } from "@/components/account/score-tables";
import { SubmissionProgress } from "@/components/account/submission-progress";
import { WithdrawButton } from "@/components/account/withdraw-button";
import { orNotFound } from "@/app/or-not-found";

export const metadata: Metadata = { title: "Submission", robots: { index: false } };
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

export default async function SubmissionPage({ params }: Props) {
  const { id } = await params;
  const user = await requirePageUser(`/account/submissions/${encodeURIComponent(id)}`);
  // The same visibility rule as the API: someone else's unapproved submission does not exist for this viewer.
  const status = await orNotFound(getSubmissionStatus(id, user));
  const scores = status.scores;
  const withdrawable = await canWithdrawSubmission(user.id, status.id);
  const meanNote = status.runs > 1 ? `Means over the ${status.runs} runs; counts are per-run means.` : undefined;
  return (
    <>
      <h1>{status.model}</h1>
      <p className="muted">
        {status.benchmark.slug}@{status.benchmark.version} · {status.runs} run{status.runs === 1 ? "" : "s"},{" "}
        {status.findings} findings
        {status.reasoning_effort ? ` · effort ${status.reasoning_effort}` : ""}
        {status.harness ? ` · ${status.harness}` : ""}
        {status.cost_usd !== null ? ` · $${status.cost_usd.toFixed(2)}` : ""}
      </p>
      <p>
        Review: <ReviewBadge status={status.review_status} />{" "}
        {withdrawable && <WithdrawButton id={status.id} model={status.model} />}
        {status.review_status === "approved" && <Link href={`/submissions/${status.id}`}>Public page</Link>}
      </p>
      {/* The status as of this render (scored, failed, withdrawn, or where scoring is); it polls on from there. */}
      <SubmissionProgress id={status.id} initial={status} />
      {scores && (
        <>
          <ScoreTable
            title="Per language"
            labelHeader="Language"
            note={meanNote}
            rows={scores.languages.map((l) => ({ ...l, label: l.language }))}
          />
          <ScoreTable
            title="Per repository"
            labelHeader="Repository"
            note={meanNote}
            rows={scores.repositories.map((r) => ({ ...r, label: r.repo }))}
          />
          {scores.runs && (
            <ScoreTable
              title="Per run"
              labelHeader="Run"
              rows={scores.runs.map((r) => ({ ...r.overall, label: `run ${r.run + 1}` }))}
            />
          )}
        </>
      )}
    </>
  );
}
