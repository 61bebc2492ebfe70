import type { Metadata } from "next";
import Link from "next/link";
import { loadOr404 } from "@/components/workbench/load-or-404";
import { OverrideForm } from "@/components/workbench/override-form";
import { getCurrentUser } from "@/lib/server/auth/current-user";
import { readScoreBreakdowns } from "@/lib/server/submissions/read-scores";
import { getPair } from "@/lib/server/workbench/get-pair";
import { describeDecision, PairReports, PairSignals, PairVerdict } from "./pair-sections";
import { pathSegment } from "@/lib/workbench/path-segment";

// The pair view (docs/workbench.md): a finding and a reference bug side by side, the six signals against their thresholds,
// the judge's verdict and rationale, and, for maintainers, the override form with the rescoring after it.
export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ id: string; findingId: string; referenceBugId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { findingId, referenceBugId } = await params;
  return { title: `Pair ${pathSegment(findingId)} × ${pathSegment(referenceBugId)}` };
}

export default async function PairPage({ params, searchParams }: Props) {
  const { id, findingId, referenceBugId } = await params;
  const query = await searchParams;
  const runText = typeof query.run === "string" && /^\d{1,3}$/.test(query.run) ? Number(query.run) : undefined;
  const user = await getCurrentUser();
  const viewer = user ? { id: user.id, role: user.role } : null;
  const pair = await loadOr404(() => getPair(id, pathSegment(findingId), pathSegment(referenceBugId), viewer, runText));
  const before =
    pair.can_override && pair.submission.status === "scored"
      ? ((await readScoreBreakdowns(id)).mean?.overall ?? null)
      : null;
  const ref = pair.reference_bug;
  const repoQuery = `?repo=${encodeURIComponent(pair.finding.repo)}&run=${pair.run}`;
  return (
    <>
      <p className="muted small">
        <Link href={`/submissions/${id}`}>{pair.submission.model}</Link> /{" "}
        <Link href={`/submissions/${id}/matches${repoQuery}`}>Matches on {pair.finding.repo}</Link> / pair
      </p>
      <h1>
        Finding {pair.finding.id} × reference bug {ref.id}
      </h1>
      <p className="lede">
        <strong>{describeDecision(pair)}.</strong>{" "}
        {pair.matched
          ? "The current score counts this pair as a match."
          : "The current score does not count this pair as a match."}
        {pair.submission.status !== "scored" && (
          <>
            {" "}
            The submission is {pair.submission.status} ({pair.submission.progress}%); this page shows the last scoring.
          </>
        )}
      </p>
      <PairReports pair={pair} />
      <PairSignals pair={pair} />
      <PairVerdict pair={pair} />
      {pair.can_override && (
        <OverrideForm
          submissionId={id}
          findingId={pair.finding.id}
          referenceBugId={ref.id}
          run={pair.run}
          override={pair.override ? { id: pair.override.id, decision: pair.override.decision } : null}
          before={before}
        />
      )}
      <p className="downloads">
        Download:{" "}
        <a
          href={`/api/v1/submissions/${id}/pairs/${encodeURIComponent(pair.finding.id)}/${encodeURIComponent(ref.id)}?run=${pair.run}`}
        >
          JSON
        </a>
      </p>
    </>
  );
}
