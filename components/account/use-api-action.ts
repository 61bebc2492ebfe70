"use client";

import { useState } from "react";
import { ApiError, type ApiIssue } from "@/lib/api-client";

export type ActionError = { message: string; issues: ApiIssue[] };

/**
 * One API action at a time, for the account managers (tokens, webhooks): `busy` while it runs, its failure as the API
 * named it (an unknown failure as a plain "The request failed.", never its text), cleared when the next one starts.
 */
export function useApiAction(onStart?: () => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ActionError>();
  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(undefined);
    onStart?.();
    try {
      await action();
    } catch (e) {
      const err = e instanceof ApiError ? e : new ApiError(0, "The request failed.");
      setError({ message: err.message, issues: err.issues });
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, run };
}

/** What a manager's create form gets: the manager's `run` (one error box serves every action) and the created item. */
export type CreateFormProps<Made> = {
  busy: boolean;
  run: ReturnType<typeof useApiAction>["run"];
  onCreated: (made: Made) => void;
};
