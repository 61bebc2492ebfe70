import type { Metadata } from "next";
import Link from "next/link";
import { requirePageStaff } from "@/lib/server/auth/current-user";
import { listOverrides } from "@/lib/server/workbench/list-overrides";
import { pageFromSearchParam } from "@/lib/server/pagination";
import { WithdrawOverrideButton } from "@/components/workbench/withdraw-override-button";
import { Pager } from "@/components/ui/pager";
import { scrollRegion } from "@/components/ui/scroll-region";
import { count, formatUtc } from "@/lib/format";
import { listOverridesQuerySchema } from "@/lib/contracts/overrides";
import { parseOrThrow } from "@/lib/errors";

// Every maintainer's override, for maintainers and admins (the audit log, admins only, has the history of each).
export const metadata: Metadata = { title: "Match overrides", robots: { index: false } };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const DECISIONS = [
  { value: undefined, text: "All" },
  { value: "match", text: "Match" },
  { value: "no_match", text: "Not a match" },
] as const;

const decisionText = (d: "match" | "no_match" | null) =>
  d === null ? "not judged" : d === "match" ? "Match" : "Not a match";

export default async function OverridesPage({ searchParams }: Props) {
  await requirePageStaff("/overrides");
  const params = await searchParams;
  const decision = params.decision === "match" || params.decision === "no_match" ? params.decision : undefined;
  const { overrides, pagination } = await listOverrides(
    parseOrThrow(
      listOverridesQuerySchema,
      { page: pageFromSearchParam(params.page), per_page: 50, decision },
      "The query",
    ),
  );
  const api = `/api/v1/overrides${decision ? `?decision=${decision}` : ""}`;
  return (
    <>
      <h1>Match overrides</h1>
      <p className="lede">
        Every pair a maintainer decided instead of the judge, newest first. An override decides the pair in every
        submission holding the same finding text against the same reference bug; writing or withdrawing one rescores
        them all. Decide a pair from its pair view (a submission&apos;s matches, then the pair). Also as{" "}
        <a href={api}>JSON</a>.
      </p>
      <nav aria-label="Decision">
        <p>
          {DECISIONS.map((d) => (
            <span key={d.text} style={{ marginRight: 14 }}>
              {d.value === decision ? (
                <strong aria-current="page">{d.text}</strong>
              ) : (
                <Link href={d.value ? `/overrides?decision=${d.value}` : "/overrides"}>{d.text}</Link>
              )}
            </span>
          ))}
        </p>
      </nav>
      {overrides.length === 0 ? (
        <p className="card empty-state">
          {pagination.total === 0
            ? decision
              ? "No override with this decision."
              : "No override yet."
            : "No override on this page."}
        </p>
      ) : (
        <div className="table-wrap" {...scrollRegion("Match overrides")}>
          <table data-testid="overrides">
            <caption className="visually-hidden">Match overrides, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Decided (UTC)</th>
                <th scope="col">Decision</th>
                <th scope="col">Pair</th>
                <th scope="col">Reason</th>
                <th scope="col">Submissions</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {overrides.map((o) => (
                <tr key={o.id}>
                  <td>
                    {formatUtc(o.created_at, "minute")}
                    <br />
                    <span className="muted small">by {o.created_by ?? "a deleted user"}</span>
                  </td>
                  <td>
                    <strong>{decisionText(o.decision)}</strong>
                    <br />
                    <span className="muted small">the judge: {decisionText(o.judge_said).toLowerCase()}</span>
                  </td>
                  <td style={{ whiteSpace: "normal", minWidth: 280 }}>
                    {o.example ? (
                      <>
                        <Link
                          href={`/submissions/${o.example.submission_id}/pairs/${encodeURIComponent(o.example.finding_id)}/${encodeURIComponent(o.example.reference_bug_id)}?run=${o.example.run}`}
                        >
                          {o.example.finding_title}
                        </Link>
                        <br />
                        <span className="muted small">
                          {o.example.repo}{" "}
                          <code>
                            {o.example.file}:{o.example.line_start}-{o.example.line_end}
                          </code>{" "}
                          against {o.example.reference_bug_id} ({o.example.reference_title}), {o.example.benchmark}
                        </span>
                      </>
                    ) : (
                      <span className="muted">No stored submission holds this pair any more.</span>
                    )}
                  </td>
                  <td style={{ whiteSpace: "normal", minWidth: 200, maxWidth: 360 }}>{o.reason}</td>
                  <td>{count(o.submissions)}</td>
                  <td>
                    <WithdrawOverrideButton
                      id={o.id}
                      submissions={o.submissions}
                      pair={o.example ? `${o.example.finding_id} against ${o.example.reference_bug_id}` : "this pair"}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager info={pagination} path="/overrides" params={{ decision }} noun="overrides" />
    </>
  );
}
