import "server-only";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { githubEnabled, siteOrigin } from "@/lib/server/auth/config";
import { getCurrentUser } from "@/lib/server/auth/current-user";
import { env } from "@/lib/env";
import { SignInForm } from "@/components/auth/sign-in-form";
import { safeCallbackPath } from "@/lib/auth/safe-callback";

export const metadata: Metadata = { title: "Sign in", robots: { index: false } };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function SignInPage({ searchParams }: Props) {
  const params = await searchParams;
  const callbackUrl = safeCallbackPath(params.callbackUrl, undefined, siteOrigin);
  if (await getCurrentUser()) redirect(callbackUrl);
  const error = typeof params.error === "string" ? params.error : undefined;
  return (
    <>
      <h1>Sign in</h1>
      <p className="muted">Sign in to upload findings, follow their scoring and manage API tokens.</p>
      <SignInForm callbackUrl={callbackUrl} github={githubEnabled} signup={env.ALLOW_SIGNUP} initialError={error} />
    </>
  );
}
