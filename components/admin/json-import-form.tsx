"use client";

import { useId, type ReactNode } from "react";
import { ErrorMessage } from "@/components/ui/error-message";
import { SubmitButton } from "@/components/ui/form-field";
import styles from "@/components/ui/forms.module.css";
import { useFileImport } from "./use-file-import";

/**
 * The form of one admin import of a JSON file (a benchmark version, a version's fix dates): fields of its own before
 * the file, the file with its format, the button, then either every problem the API named or what was stored.
 * `upload` (the file's text to the import route) null disables the button; `empty`, when set, replaces the form (nothing left to import) and keeps the result.
 */
export function JsonImportForm<T>(props: {
  maxBytes: number;
  noun: string;
  fileLabel: string;
  fileTestId?: string;
  hint: (megabytes: string) => ReactNode;
  submitLabel: string;
  upload: ((text: string) => Promise<T>) | null;
  fields?: (clearFile: () => void) => ReactNode;
  empty?: ReactNode;
  done: (result: T) => ReactNode;
}) {
  const fileId = useId();
  const { input, choose, busy, error, result, send, megabytes } = useFileImport<T>(props.maxBytes, props.noun);
  const done = result !== undefined && props.done(result);
  if (props.empty)
    return (
      <>
        {done}
        {props.empty}
      </>
    );
  const upload = props.upload;
  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        if (upload) void send(upload);
      }}
      aria-busy={busy}
    >
      {props.fields?.(() => choose(undefined))}
      <div className={styles.field}>
        <label className={styles.label} htmlFor={fileId}>
          {props.fileLabel}
        </label>
        <input
          ref={input}
          id={fileId}
          type="file"
          accept="application/json,.json"
          className={styles.input}
          data-testid={props.fileTestId}
          onChange={(e) => choose(e.target.files?.[0])}
        />
        <span className={styles.hint}>{props.hint(megabytes)}</span>
      </div>
      <div className={styles.actions}>
        <SubmitButton disabled={busy || !upload}>{busy ? "Importing…" : props.submitLabel}</SubmitButton>
      </div>
      {error && <ErrorMessage message={error.message} issues={error.issues} />}
      {done}
    </form>
  );
}
