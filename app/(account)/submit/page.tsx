import "server-only";
import type { Metadata } from "next";
import { requirePageUser } from "@/lib/auth/current-user";
import { env } from "@/lib/env";
import { listBenchmarks } from "@/lib/server/benchmarks/list-benchmarks";
import { getSubmissionQuota } from "@/lib/server/submissions/submission-quota";
import { SubmitForm } from "@/components/account/submit-form";

export const metadata: Metadata = { title: "Upload findings", robots: { index: false } };
export const dynamic = "force-dynamic";

export default async function SubmitPage() {
  const user = await requirePageUser("/submit");
  const [benchmarks, quota] = await Promise.all([listBenchmarks(), getSubmissionQuota(user.id)]);
  return (
    <>
      <h1>Upload findings</h1>
      <p className="muted">
        The file is checked in your browser with the same rules as the server before anything is sent. Scoring runs in
        the background; you can leave this page and follow it under My submissions.
      </p>
      <SubmitForm
        maxBytes={env.UPLOAD_MAX_BYTES}
        quota={quota}
        benchmarks={benchmarks.map((b) => ({
          slug: b.slug,
          version: b.version,
          repositories: b.repositories.map((r) => r.name),
        }))}
      />
    </>
  );
}
