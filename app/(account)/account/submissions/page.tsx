import type { Metadata } from "next";
import Link from "next/link";
import { requirePageUser } from "@/lib/server/auth/current-user";
import { pageFromSearchParam } from "@/lib/server/pagination";
import { listUserSubmissions } from "@/lib/server/submissions/list-user-submissions";
import { listSubmissionsQuerySchema } from "@/lib/contracts/submissions";
import { parseOrThrow } from "@/lib/errors";
import { Pager } from "@/components/ui/pager";
import { getSubmissionQuota } from "@/lib/server/submissions/submission-quota";
import { AutoRefresh } from "@/components/account/auto-refresh";
import { ReviewBadge, ScoringBadge } from "@/components/account/status-badges";
import { DASH, formatUtc, ratioText } from "@/lib/format";
import { WithdrawButton } from "@/components/account/withdraw-button";
import { scrollRegion } from "@/components/ui/scroll-region";
import { ColumnHeads } from "@/components/ui/column-heads";

export const metadata: Metadata = { title: "My submissions", robots: { index: false } };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function MySubmissionsPage({ searchParams }: Props) {
  const user = await requirePageUser("/account/submissions");
  const page = pageFromSearchParam((await searchParams).page);
  const [{ submissions, pagination }, quota] = await Promise.all([
    listUserSubmissions(user.id, parseOrThrow(listSubmissionsQuerySchema, { page }, "The query")),
    getSubmissionQuota(user.id),
  ]);
  const busy = submissions.some((s) => s.status === "queued" || s.status === "scoring");
  return (
    <>
      <h1>My submissions</h1>
      <p className="muted">
        Scores are private until an admin approves a submission for the public leaderboard. Uploads left today:{" "}
        {quota.remaining} of {quota.limit}.
      </p>
      <AutoRefresh active={busy} />
      {pagination.total === 0 ? (
        <p>
          Nothing yet. <Link href="/submit">Submit a findings file</Link>.
        </p>
      ) : (
        <div className="table-wrap" {...scrollRegion("My submissions")}>
          <table data-testid="my-submissions">
            <ColumnHeads
              columns={[
                "Model",
                "Benchmark",
                "Uploaded (UTC)",
                "Scoring",
                "Review",
                { label: "Recall", num: true },
                { label: "Precision", num: true },
                { label: "F1", num: true },
                { label: "Actions", hidden: true },
              ]}
              scoped={false}
            />
            <tbody>
              {submissions.map((s) => (
                <tr key={s.id}>
                  <td>
                    <Link href={`/account/submissions/${s.id}`}>{s.model}</Link>
                    {s.harness ? <span className="muted"> · {s.harness}</span> : null}
                  </td>
                  <td>{s.benchmark}</td>
                  <td>{formatUtc(s.created_at, "minute")}</td>
                  <td title={s.error ?? undefined}>
                    <ScoringBadge status={s.status} progress={s.progress} />
                  </td>
                  <td title={s.review_reason ?? undefined}>
                    <ReviewBadge status={s.review_status} />
                  </td>
                  <td className="num">{s.scores ? ratioText(s.scores, "recall") : DASH}</td>
                  <td className="num">{s.scores ? ratioText(s.scores, "precision") : DASH}</td>
                  <td className="num">{s.scores ? ratioText(s.scores, "f1") : DASH}</td>
                  <td>{s.review_status === "pending" && <WithdrawButton id={s.id} model={s.model} />}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager info={pagination} path="/account/submissions" noun="submissions" />
    </>
  );
}
