"use client";

import { signIn } from "next-auth/react";
import { useState } from "react";
import { safeCallbackPath } from "@/lib/auth/safe-callback";
import { ApiError, callApi, type ApiIssue } from "@/lib/api-client";
import { ErrorMessage } from "../account/error-message";
import styles from "../account/ui.module.css";

export function SignUpForm(props: { callbackUrl: string; minPasswordLength: number }) {
  const [form, setForm] = useState({ name: "", email: "", password: "" });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; issues: ApiIssue[] }>();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await callApi("/api/auth/register", { method: "POST", body: { ...form, name: form.name || undefined } });
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
      <label className={styles.field}>
        <span className={styles.label}>Name (optional)</span>
        <input
          className={styles.input}
          name="name"
          autoComplete="name"
          value={form.name}
          onChange={set("name")}
          maxLength={200}
        />
      </label>
      <label className={styles.field}>
        <span className={styles.label}>Email</span>
        <input
          className={styles.input}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={form.email}
          onChange={set("email")}
        />
      </label>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="sign-up-password">
          Password
        </label>
        <input
          id="sign-up-password"
          aria-describedby="sign-up-password-hint"
          className={styles.input}
          type="password"
          name="password"
          autoComplete="new-password"
          required
          minLength={props.minPasswordLength}
          value={form.password}
          onChange={set("password")}
        />
        <span id="sign-up-password-hint" className={styles.hint}>
          At least {props.minPasswordLength} characters.
        </span>
      </div>
      <div className={styles.actions}>
        <button className={`${styles.button} ${styles.primary}`} type="submit" disabled={busy}>
          {busy ? "Creating account…" : "Create account"}
        </button>
      </div>
    </form>
  );
}
