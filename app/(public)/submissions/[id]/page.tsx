import type { Metadata } from "next";
import { getCurrentUser } from "@/lib/server/auth/current-user";
import { getSubmissionDetail } from "@/lib/server/leaderboard/get-submission-detail";
import type { Viewer } from "@/lib/auth/viewer";
import { AnalysesSection } from "@/components/analyses/analyses-section";
import { PanelSection } from "./panel-section";
import { SubmissionView, loadSubmissionForViewer } from "./submission-view";

// Rendered per request: what a viewer may see depends on who they are (canViewSubmission).
export const dynamic = "force-dynamic";

type Params = {
  params: Promise<{ id: string }>;
  searchParams?: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { id } = await params;
  const user = await getCurrentUser();
  const detail = await getSubmissionDetail(id, user ? { id: user.id, role: user.role } : null).catch(() => null);
  return { title: detail ? `${detail.model} on ${detail.benchmark.key}` : "Submission" };
}

export default async function SubmissionPage({ params, searchParams }: Params) {
  const { id } = await params;
  const search = (await searchParams) ?? {};
  const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);
  // Submitters and staff see unapproved results; to anyone else such a submission does not exist (404).
  const user = await getCurrentUser();
  const viewer: Viewer = user ? { id: user.id, role: user.role } : null;
  const detail = await loadSubmissionForViewer(id, viewer);
  return (
    <>
      <SubmissionView detail={detail} />
      {(detail.source === "reported" || detail.scoringStatus === "scored") && (
        <AnalysesSection id={id} viewer={viewer} />
      )}
      {detail.source === "verified" && (
        <PanelSection
          id={id}
          scored={detail.scoringStatus === "scored"}
          viewer={viewer}
          search={{ panel_page: one(search.page), panel_verdict: one(search.panel_verdict) }}
        />
      )}
    </>
  );
}
