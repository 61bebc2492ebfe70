import type { Metadata } from "next";
import { getCurrentUser } from "@/lib/auth/current-user";
import { getSubmissionDetail } from "@/lib/server/leaderboard/get-submission-detail";
import type { Viewer } from "@/lib/server/submissions/get-submission-status";
import { SubmissionView, loadSubmissionForViewer } from "./submission-view";

// Rendered per request: what a viewer may see depends on who they are (canViewSubmission).
export const dynamic = "force-dynamic";

type Params = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { id } = await params;
  const user = await getCurrentUser();
  const detail = await getSubmissionDetail(id, user ? { id: user.id, role: user.role } : null).catch(() => null);
  return { title: detail ? `${detail.model} on ${detail.benchmark.key}` : "Submission" };
}

export default async function SubmissionPage({ params }: Params) {
  const { id } = await params;
  // Submitters and staff see unapproved results; to anyone else such a submission does not exist (404).
  const user = await getCurrentUser();
  const viewer: Viewer = user ? { id: user.id, role: user.role } : null;
  return <SubmissionView detail={await loadSubmissionForViewer(id, viewer)} />;
}
