"use client";

import { useId, useState } from "react";
import { ErrorMessage } from "@/components/account/error-message";
import styles from "@/components/account/ui.module.css";
import { useFileImport } from "./use-file-import";

type Imported = { benchmark: string; dated: number; reference_bugs: number };

/**
 * Dates the reference bugs of a version imported without `fixed_at` (the contamination test ranks bugs by their fix
 * date): choose the version and its fix-dates file. All or nothing, once per version; the server names every problem.
 */
export function FixDatesImportForm({
  versions,
  maxBytes,
}: {
  versions: { key: string; label: string }[];
  maxBytes: number;
}) {
  const versionId = useId();
  const fileId = useId();
  const [chosen, setVersion] = useState(versions[0]?.key ?? "");
  const {
    input,
    choose,
    busy,
    error,
    result: imported,
    send,
    megabytes,
  } = useFileImport<Imported>(maxBytes, "fix-dates file");
  // A version dated a moment ago leaves the list when the page refreshes: the next one is then selected.
  const version = versions.some((v) => v.key === chosen) ? chosen : (versions[0]?.key ?? "");
  const done = imported && (
    <p className={styles.notice} role="status">
      Dated {imported.dated.toLocaleString("en-US")} of {imported.reference_bugs.toLocaleString("en-US")} reference bugs
      of <strong>{imported.benchmark}</strong>. The fix-rank tests of its scored runs are being recomputed.
    </p>
  );
  if (versions.length === 0)
    return (
      <>
        {done}
        <p className="muted">Every version with reference bugs has its fix dates.</p>
      </>
    );

  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        void send(`/api/v1/admin/benchmarks/${encodeURIComponent(version)}/fix-dates`);
      }}
      aria-busy={busy}
    >
      <div className={styles.field}>
        <label className={styles.label} htmlFor={versionId}>
          Version without fix dates
        </label>
        <select
          id={versionId}
          className={styles.select}
          value={version}
          onChange={(e) => {
            setVersion(e.target.value);
            choose(undefined);
          }}
        >
          {versions.map((v) => (
            <option key={v.key} value={v.key}>
              {v.label}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={fileId}>
          Fix-dates file (JSON)
        </label>
        <input
          ref={input}
          id={fileId}
          type="file"
          accept="application/json,.json"
          className={styles.input}
          onChange={(e) => choose(e.target.files?.[0])}
        />
        <span className={styles.hint}>
          The format of <code>npx probebench benchmark fix-dates</code>:{" "}
          <code>{'{"fix_dates": [{"repo": "owner/name", "id": "…", "fixed_at": "2025-09-14T10:22:00Z"}]}'}</code>, the
          date-time of each bug&apos;s fixing commit. At most {megabytes}. A version gets its fix dates once: a
          correction is a new version.
        </span>
      </div>
      <div className={styles.actions}>
        <button type="submit" className={`${styles.button} ${styles.primary}`} disabled={busy || !version}>
          {busy ? "Importing…" : "Import fix dates"}
        </button>
      </div>
      {error && <ErrorMessage message={error.message} issues={error.issues} />}
      {done}
    </form>
  );
}
