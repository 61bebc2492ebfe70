"use client";

import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { ApiError } from "@/lib/api-client";
import styles from "./ui.module.css";

/**
 * Runs an API call (`callApi` on a route of the route list), then refreshes the page; while it runs `busy` is true, and
 * a failure leaves the API's own message (or `failure` when the request did not reach it) in `error`.
 */
export function useApiAction(failure: string) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    setError(undefined);
    try {
      await action();
      router.refresh();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : failure);
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, run };
}

/** The failure of an action, announced to screen readers. */
export function ActionError({ error, spaced = false }: { error: string | undefined; spaced?: boolean }) {
  if (!error) return null;
  return (
    <span role="alert" className={styles.hint} style={{ color: "var(--bad)" }}>
      {spaced && " "}
      {error}
    </span>
  );
}

type ActionButtonProps = {
  /** The API call, e.g. `() => callApi(submissionsRoutes.postSubmissionsIdWithdraw, { params: { id } })`. */
  action: () => Promise<unknown>;
  /** Asked with window.confirm first; the action runs only when the user agrees. */
  confirm?: string;
  failure: string;
  className: string;
  ariaLabel?: string;
  children: ReactNode;
  busyChildren?: ReactNode;
  /** Inline in a table cell (no wrapping actions row). */
  inline?: boolean;
};

/** One button that posts an action (approve, cancel, withdraw) and shows its failure next to it. */
export function ActionButton({
  action,
  confirm,
  failure,
  className,
  ariaLabel,
  children,
  busyChildren,
  inline = false,
}: ActionButtonProps) {
  const { busy, error, run } = useApiAction(failure);
  const button = (
    <button
      type="button"
      className={className}
      disabled={busy}
      onClick={() => {
        if (confirm !== undefined && !window.confirm(confirm)) return;
        void run(action);
      }}
      aria-label={ariaLabel}
    >
      {busy && busyChildren !== undefined ? busyChildren : children}
    </button>
  );
  if (inline) {
    return (
      <>
        {button}
        <ActionError error={error} spaced />
      </>
    );
  }
  return (
    <div className={styles.actions}>
      {button}
      <ActionError error={error} />
    </div>
  );
}
