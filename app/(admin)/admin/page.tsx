import type { Metadata } from "next";
import Link from "next/link";
import { requirePageAdmin } from "@/lib/server/auth/current-user";
import { listReviewQueue } from "@/lib/server/admin/list-review-queue";
import { pageFromSearchParam } from "@/lib/server/pagination";
import { ReviewBadge } from "@/components/account/status-badges";
import { count, DASH, formatUtc, ratioText, usd } from "@/lib/format";
import styles from "@/components/ui/forms.module.css";
import { ReviewActions } from "@/components/admin/review-actions";
import { ApproveSpendButton } from "@/components/admin/approve-spend-button";
import { listAwaitingApproval } from "@/lib/server/admin/approve-judge-spend";
import { Pager } from "@/components/ui/pager";
import { reviewQueueQuerySchema } from "@/lib/contracts/admin";
import { parseOrThrow } from "@/lib/errors";

export const metadata: Metadata = { title: "Review queue", robots: { index: false } };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };
const TABS = ["pending", "approved", "rejected", "withdrawn"] as const;
const EMPTY: Record<(typeof TABS)[number], string> = {
  pending: "No scored submission is waiting for review. Submissions appear here once the worker has scored them.",
  approved: "No submission has been approved yet.",
  rejected: "No submission has been rejected.",
  withdrawn: "No submission has been withdrawn by its submitter.",
};

export default async function ReviewQueuePage({ searchParams }: Props) {
  await requirePageAdmin("/admin");
  const params = await searchParams;
  const status = reviewQueueQuerySchema.shape.review_status.safeParse(params.status).data ?? "pending";
  const page = pageFromSearchParam(params.page);
  const { submissions, pagination } = await listReviewQueue(
    parseOrThrow(reviewQueueQuerySchema, { review_status: status, page }, "The query"),
  );
  const held = await listAwaitingApproval();
  return (
    <>
      <h1>Review queue</h1>
      {held.length > 0 && (
        <section data-testid="awaiting-approval">
          <h2>Waiting for judge-call approval</h2>
          <p className="muted">
            Scoring stopped before judging: the estimate is above the per-submission budget (JUDGE_CALL_BUDGET).
            Approving continues it.
          </p>
          {held.map((h) => (
            <article key={h.id} className={`card ${styles.reviewItem}`} data-submission-id={h.id}>
              <div>
                <strong>
                  <Link href={`/account/submissions/${h.id}`}>{h.model}</Link>
                </strong>{" "}
                <span className="muted">
                  {h.benchmark} · up to {h.estimated_calls === null ? "?" : count(h.estimated_calls)} judge calls (
                  <span data-testid="estimated-cost">
                    {h.estimated_cost_usd === null
                      ? `cost unknown: no price for ${h.judge_model ?? "the judge model"} in MODEL_PRICES_JSON`
                      : `about ${usd(h.estimated_cost_usd)}`}
                  </span>
                  ), budget {count(h.budget)}
                </span>
              </div>
              <ApproveSpendButton id={h.id} model={h.model} calls={h.estimated_calls} />
            </article>
          ))}
        </section>
      )}
      <p className="muted">
        Only approved submissions appear on the public leaderboard and in downloads. Pending submissions are listed once
        scored. Every decision is recorded in the audit log.
      </p>
      <p>
        {TABS.map((t) => (
          <span key={t} style={{ marginRight: 14 }}>
            {t === status ? <strong aria-current="page">{t}</strong> : <Link href={`/admin?status=${t}`}>{t}</Link>}
          </span>
        ))}
      </p>
      {pagination.total === 0 ? (
        <p className="empty-state">{EMPTY[status]}</p>
      ) : (
        <div className={styles.form} style={{ maxWidth: "none" }} data-testid="review-queue">
          {submissions.map((s) => (
            <article
              key={s.id}
              className={`card ${styles.reviewItem}`}
              data-testid="review-item"
              data-submission-id={s.id}
            >
              <div>
                <h2 style={{ margin: "0 0 4px" }}>
                  <Link href={`/account/submissions/${s.id}`}>{s.model}</Link>
                </h2>
                <div className="muted">
                  {s.benchmark} · {s.submitter?.email ?? s.source} · uploaded {formatUtc(s.created_at, "minute")} UTC
                </div>
                <div className="muted">
                  {[
                    s.reasoning_effort && `effort ${s.reasoning_effort}`,
                    s.harness,
                    s.cost_usd !== null && `$${s.cost_usd.toFixed(2)}`,
                    s.open_model === null ? null : s.open_model ? "open weights" : "closed",
                    `${s.runs} run${s.runs === 1 ? "" : "s"}`,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                  {s.report_url && /^https?:\/\//i.test(s.report_url) && (
                    <>
                      {" · "}
                      <a href={s.report_url} rel="noopener noreferrer nofollow" target="_blank">
                        report
                      </a>
                    </>
                  )}
                </div>
                <p style={{ margin: "8px 0 0" }}>
                  Recall <strong>{s.scores ? ratioText(s.scores, "recall") : DASH}</strong> · precision{" "}
                  <strong>{s.scores ? ratioText(s.scores, "precision") : DASH}</strong> · F1{" "}
                  <strong>{s.scores ? ratioText(s.scores, "f1") : DASH}</strong>
                  {s.scores && (
                    <span className="muted">
                      {" "}
                      ({count(s.scores.findings)} findings, {count(s.scores.reference_bugs)} reference bugs)
                    </span>
                  )}{" "}
                  ·{" "}
                  {s.offline_judge ? (
                    <span className="badge offline">offline judge</span>
                  ) : (
                    <span className="muted">judge {s.judge_model ?? "–"}</span>
                  )}
                </p>
                <p style={{ margin: "6px 0 0" }}>
                  <ReviewBadge status={s.review_status} />{" "}
                  {s.review_reason && <span className="muted">{s.review_reason}</span>}
                  {s.status === "scored" && (
                    <>
                      {" · "}
                      <Link href={`/submissions/${s.id}#panel-heading`}>Panel validation and bug types</Link>
                    </>
                  )}
                </p>
              </div>
              {s.review_status !== "withdrawn" && (
                <ReviewActions
                  id={s.id}
                  model={s.model}
                  canApprove={
                    s.status === "scored" && (s.review_status === "pending" || s.review_status === "rejected")
                  }
                  canReject={s.review_status === "pending" || s.review_status === "approved"}
                />
              )}
            </article>
          ))}
        </div>
      )}
      <Pager
        info={pagination}
        path="/admin"
        params={{ status: status === "pending" ? undefined : status }}
        noun="submissions"
      />
    </>
  );
}
