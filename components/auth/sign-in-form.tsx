"use client";

import Link from "next/link";
import { signIn } from "next-auth/react";
import { useState } from "react";
import { safeCallbackPath } from "@/lib/auth/safe-callback";
import { SubmitButton } from "@/components/ui/form-field";
import styles from "@/components/ui/forms.module.css";
import { CredentialInput } from "./credential-input";

// next-auth reports failures as codes; these are the ones a person can act on.
const MESSAGES: Record<string, string> = {
  CredentialsSignin: "Wrong email or password.",
  RateLimited: "Too many sign-in attempts. Wait a few minutes and try again.",
  SignInUnavailable: "Signing in is not possible right now. Try again later.",
  GithubEmailUnverified:
    "Your GitHub account has no verified email address matching its primary email. Verify it on GitHub and try again.",
  OAuthAccountNotLinked: "An account with this email already exists. Sign in with your email and password.",
  AccessDenied: "This account cannot sign in. Contact an administrator.",
  SessionRequired: "Sign in to continue.",
};

function describeSignInError(code: string | undefined | null): string | undefined {
  if (!code) return undefined;
  return MESSAGES[code] ?? "Signing in failed. Try again.";
}

export function SignInForm(props: { callbackUrl: string; github: boolean; signup: boolean; initialError?: string }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(describeSignInError(props.initialError));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    const result = await signIn("credentials", {
      email,
      password,
      redirect: false,
      callbackUrl: props.callbackUrl,
    }).catch(() => undefined);
    if (result?.ok && !result.error) {
      // A full navigation, so every part of the page (the menu included) sees the new session.
      window.location.assign(safeCallbackPath(props.callbackUrl));
      return;
    }
    setBusy(false);
    setError(describeSignInError(result?.error ?? "SignInUnavailable"));
  }

  return (
    <div className={styles.form}>
      {error && (
        <div className={styles.alert} role="alert">
          {error}
        </div>
      )}
      <form className={styles.form} onSubmit={submit} method="post">
        <CredentialInput kind="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <CredentialInput kind="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        <div className={styles.actions}>
          <SubmitButton disabled={busy}>{busy ? "Signing in…" : "Sign in"}</SubmitButton>
          {props.signup && (
            <span className={styles.hint}>
              No account? <Link href={`/sign-up?callbackUrl=${encodeURIComponent(props.callbackUrl)}`}>Create one</Link>
            </span>
          )}
        </div>
      </form>
      {props.github && (
        <>
          <div className={styles.divider}>or</div>
          <button
            className={styles.button}
            type="button"
            onClick={() => void signIn("github", { callbackUrl: props.callbackUrl })}
          >
            Sign in with GitHub
          </button>
        </>
      )}
    </div>
  );
}
