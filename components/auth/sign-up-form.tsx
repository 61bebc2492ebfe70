"use client";

import { signIn } from "next-auth/react";
import { useState } from "react";
import { safeCallbackPath } from "@/lib/auth/safe-callback";
import { ApiError, callApi, type ApiIssue } from "@/lib/api-client";
import { ErrorMessage } from "@/components/ui/error-message";
import { HintedInput, LabelledInput, SubmitButton } from "@/components/ui/form-field";
import styles from "@/components/ui/forms.module.css";
import { CredentialInput } from "./credential-input";
import { accountRoutes } from "@/lib/contracts/account-routes";

export function SignUpForm(props: { callbackUrl: string; minPasswordLength: number }) {
  const [form, setForm] = useState({ name: "", email: "", password: "" });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; issues: ApiIssue[] }>();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await callApi(accountRoutes.postAuthRegister, { body: { ...form, name: form.name || undefined } });
      const result = await signIn("credentials", {
        email: form.email,
        password: form.password,
        redirect: false,
        callbackUrl: props.callbackUrl,
      });
      if (!result?.ok || result.error)
        throw new ApiError(0, "Your account was created, but signing in failed: sign in on the next page.");
      window.location.assign(safeCallbackPath(props.callbackUrl, "/submit"));
    } catch (e) {
      const err = e instanceof ApiError ? e : new ApiError(0, "Creating the account failed. Try again.");
      setError({ message: err.message, issues: err.issues });
      setBusy(false);
    }
  }

  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm({ ...form, [key]: e.target.value });
  return (
    <form className={styles.form} onSubmit={submit} method="post">
      {error && <ErrorMessage message={error.message} issues={error.issues} />}
      <LabelledInput
        label="Name (optional)"
        name="name"
        autoComplete="name"
        value={form.name}
        onChange={set("name")}
        maxLength={200}
      />
      <CredentialInput kind="email" value={form.email} onChange={set("email")} />
      <HintedInput
        id="sign-up-password"
        label="Password"
        hint={`At least ${props.minPasswordLength} characters.`}
        type="password"
        name="password"
        autoComplete="new-password"
        required
        minLength={props.minPasswordLength}
        value={form.password}
        onChange={set("password")}
      />
      <div className={styles.actions}>
        <SubmitButton disabled={busy}>{busy ? "Creating account…" : "Create account"}</SubmitButton>
      </div>
    </form>
  );
}
