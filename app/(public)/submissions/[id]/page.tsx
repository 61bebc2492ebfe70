import type { Metadata } from "next";
import { getSubmissionDetail } from "@/lib/server/leaderboard/get-submission-detail";
import type { Viewer } from "@/lib/server/submissions/get-submission-status";
import { SubmissionView, loadSubmissionForViewer } from "./submission-view";

// Rendered per request: what a viewer may see depends on who they are (canViewSubmission).
export const dynamic = "force-dynamic";

type Params = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { id } = await params;
  const detail = await getSubmissionDetail(id, null).catch(() => null);
  return { title: detail ? `${detail.model} on ${detail.benchmark.key}` : "Submission" };
}

export default async function SubmissionPage({ params }: Params) {
  const { id } = await params;
  // Anonymous until sign-in lands: pass the session's viewer here to show submitters their unapproved results.
  const viewer: Viewer = null;
  return <SubmissionView detail={await loadSubmissionForViewer(id, viewer)} />;
}
