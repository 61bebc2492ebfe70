"use client";

import { useRouter } from "next/navigation";
import { useId, useRef, useState } from "react";
import { ApiError, callApi } from "@/lib/api-client";
import { ErrorMessage } from "@/components/account/error-message";
import styles from "@/components/account/ui.module.css";

type Imported = { key: string; repositories: number; reference_bugs: number };

/**
 * Imports a benchmark version from its benchmark file: choose the file, import, and read either what was stored or
 * every problem by JSON path (nothing is stored then). The server validates; the browser only reads the file.
 */
export function BenchmarkImportForm({ maxBytes }: { maxBytes: number }) {
  const router = useRouter();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError>();
  const [imported, setImported] = useState<Imported>();
  const megabytes = `${Math.round(maxBytes / (1024 * 1024))} MB`;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setError(undefined);
    setImported(undefined);
    if (!file) return setError(new ApiError(0, "Choose a benchmark file first."));
    if (file.size > maxBytes)
      return setError(
        new ApiError(
          0,
          `${file.name} is ${(file.size / (1024 * 1024)).toFixed(1)} MB; benchmark files may be at most ${megabytes}.`,
        ),
      );
    setBusy(true);
    try {
      // The file's own text is the body: the server parses it with the same limits and messages as the CLI.
      const text = await file.text();
      const result = await callApi<Imported>("/api/v1/admin/benchmarks", { method: "POST", body: text });
      setImported(result);
      setFile(undefined);
      if (input.current) input.current.value = "";
      router.refresh();
    } catch (e) {
      setError(e instanceof ApiError ? e : new ApiError(0, "The import failed."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} aria-busy={busy}>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={inputId}>
          Benchmark file (JSON)
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept="application/json,.json"
          className={styles.input}
          data-testid="benchmark-file-input"
          onChange={(e) => {
            setFile(e.target.files?.[0]);
            setError(undefined);
            setImported(undefined);
          }}
        />
        <span className={styles.hint}>
          The format of <code>npx probebench benchmark import</code>: slug, name, version, snapshot date, repositories,
          reference bugs, and optionally a taxonomy and reference visibility. At most {megabytes}. A version, once
          imported, cannot be changed: import a new version instead.
        </span>
      </div>
      <div className={styles.actions}>
        <button type="submit" className={`${styles.button} ${styles.primary}`} disabled={busy}>
          {busy ? "Importing…" : "Import version"}
        </button>
      </div>
      {error && <ErrorMessage message={error.message} issues={error.issues} />}
      {imported && (
        <p className={styles.notice} role="status">
          Imported <strong>{imported.key}</strong>: {imported.repositories.toLocaleString("en-US")} repositories,{" "}
          {imported.reference_bugs.toLocaleString("en-US")} reference bugs. Import snapshots with{" "}
          <code>npx probebench snapshot import</code> to plan passes and run audits.
        </p>
      )}
    </form>
  );
}
