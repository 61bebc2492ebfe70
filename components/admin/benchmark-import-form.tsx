"use client";

import { useId } from "react";
import { ErrorMessage } from "@/components/account/error-message";
import styles from "@/components/account/ui.module.css";
import { useFileImport } from "./use-file-import";

type Imported = { key: string; repositories: number; reference_bugs: number };

/**
 * Imports a benchmark version from its benchmark file: choose the file, import, and read either what was stored or
 * every problem by JSON path (nothing is stored then). The server validates; the browser only reads the file.
 */
export function BenchmarkImportForm({ maxBytes }: { maxBytes: number }) {
  const inputId = useId();
  const {
    input,
    choose,
    busy,
    error,
    result: imported,
    send,
    megabytes,
  } = useFileImport<Imported>(maxBytes, "benchmark file");

  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        void send("/api/v1/admin/benchmarks");
      }}
      aria-busy={busy}
    >
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
          onChange={(e) => choose(e.target.files?.[0])}
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
