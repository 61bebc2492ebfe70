import "server-only";
import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { siteOrigin } from "@/lib/server/auth/config";
import { getCurrentUser } from "@/lib/server/auth/current-user";
import { env } from "@/lib/env";
import { SignUpForm } from "@/components/auth/sign-up-form";
import { safeCallbackPath } from "@/lib/auth/safe-callback";
import { MIN_PASSWORD_LENGTH } from "@/lib/contracts/account";

export const metadata: Metadata = { title: "Create an account", robots: { index: false } };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function SignUpPage({ searchParams }: Props) {
  const callbackUrl = safeCallbackPath((await searchParams).callbackUrl, "/submit", siteOrigin);
  if (await getCurrentUser()) redirect(callbackUrl);
  if (!env.ALLOW_SIGNUP) {
    return (
      <>
        <h1>Create an account</h1>
        <p>
          Sign-up is closed on this server. Ask an administrator for an account, then{" "}
          <Link href="/sign-in">sign in</Link>.
        </p>
      </>
    );
  }
  return (
    <>
      <h1>Create an account</h1>
      <p className="muted">
        Already registered? <Link href={`/sign-in?callbackUrl=${encodeURIComponent(callbackUrl)}`}>Sign in</Link>.
      </p>
      <SignUpForm callbackUrl={callbackUrl} minPasswordLength={MIN_PASSWORD_LENGTH} />
    </>
  );
}
