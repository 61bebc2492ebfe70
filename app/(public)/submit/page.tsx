import "server-only";
import type { Metadata } from "next";
import Link from "next/link";
import { getCurrentUser } from "@/lib/server/auth/current-user";
import { env } from "@/lib/env";
import { listBenchmarks } from "@/lib/server/benchmarks/list-benchmarks";
import { getSubmissionQuota } from "@/lib/server/submissions/submission-quota";
import { AccountTabs } from "@/components/account/account-tabs";
import { SubmitForm } from "@/components/account/submit-form";
import { SubmitGuide } from "@/components/submit/submit-guide";

export const metadata: Metadata = { title: "Submit" };
export const dynamic = "force-dynamic";

// The one entry point for submitting results: the upload form for a signed-in user (the account tabs above it),
// a sign-in prompt for a visitor, and for both the guide to the file format, the CLI and the API below.
export default async function SubmitPage() {
  const user = await getCurrentUser();
  return (
    <>
      {user && <AccountTabs />}
      <h1>Submit results</h1>
      <p className="lede">
        Run your bug finder on the repository snapshots of a benchmark version, collect its findings in one JSON file
        (or a SARIF log), and upload it. Scoring runs in the background; you see your results before an admin approves
        them for the public leaderboard.
      </p>
      {user ? <UploadSection userId={user.id} /> : <SignInPrompt />}
      <SubmitGuide />
    </>
  );
}

async function UploadSection({ userId }: { userId: string }) {
  const [benchmarks, quota] = await Promise.all([listBenchmarks(), getSubmissionQuota(userId)]);
  return (
    <section aria-labelledby="upload-heading">
      <h2 id="upload-heading">Upload a file</h2>
      <p className="muted">
        The file is checked in your browser with the same rules as the server before anything is sent. You can leave
        this page while it is scored and follow it under <Link href="/account/submissions">My submissions</Link>.
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
    </section>
  );
}

function SignInPrompt() {
  return (
    <div className="card">
      <p>
        <Link href={`/sign-in?callbackUrl=${encodeURIComponent("/submit")}`}>Sign in</Link> or{" "}
        <Link href={`/sign-up?callbackUrl=${encodeURIComponent("/submit")}`}>create an account</Link> to upload from
        this page; the CLI and the API below take an API token from your account.
      </p>
    </div>
  );
}
