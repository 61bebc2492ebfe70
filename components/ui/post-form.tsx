"use client";

import { useRouter } from "next/navigation";
import { useId, useState, type InputHTMLAttributes, type ReactNode } from "react";
import { ApiError } from "@/lib/api-client";

// The one piece of the staff forms that post an API call (grading, candidate-judge trials, repeats, benchmark
// builds): the call's state, the status line that names a failure's bad fields, and the card form around them.

function errorText(e: unknown, fallback: string): string {
  return e instanceof ApiError ? [e.message, ...e.issues.map((i) => `${i.path}: ${i.message}`)].join(" ") : fallback;
}

export function useSubmit(fallback: string) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  /** Runs `save` (an API call); `after` turns its answer into the line shown once it is done. */
  const submit = async <T,>(save: () => Promise<T>, after?: (answer: T) => string | null) => {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const answer = await save();
      setDone(after ? after(answer) : "Saved.");
      router.refresh();
    } catch (e) {
      setError(errorText(e, fallback));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, done, submit };
}

export function Status({ error, done }: { error: string | null; done: string | null }) {
  return (
    <p aria-live="polite" className="small">
      {error ? (
        <span role="alert" className="error-text">
          {error}
        </span>
      ) : (
        done
      )}
    </p>
  );
}

/**
 * A card form that posts one API call: its fields as children, one submit button (`idle`, then `busyText` while the
 * call runs), and the status line below; `done` turns the answer into the line shown once it is stored.
 */
export function PostForm<T>({
  failure,
  save,
  done,
  idle,
  busyText = "Starting…",
  children,
}: {
  failure: string;
  save: () => Promise<T>;
  done: (answer: T) => string | null;
  idle: string;
  busyText?: string;
  children: ReactNode;
}) {
  const { busy, error, done: doneText, submit } = useSubmit(failure);
  return (
    <form
      className="card"
      onSubmit={(e) => {
        e.preventDefault();
        if (busy) return;
        void submit(save, done);
      }}
    >
      {children}
      <button type="submit" aria-disabled={busy}>
        {busy ? busyText : idle}
      </button>
      <Status error={error} done={doneText} />
    </form>
  );
}

/** An input of such a form with its label above it. */
export function FormInput({ label, ...input }: InputHTMLAttributes<HTMLInputElement> & { label: ReactNode }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} />
    </div>
  );
}
