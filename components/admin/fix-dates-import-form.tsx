"use client";

import { useState } from "react";
import { LabelledField } from "@/components/ui/form-field";
import styles from "@/components/ui/forms.module.css";
import { JsonImportForm } from "./json-import-form";
import { callApi } from "@/lib/api-client";
import { adminRoutes } from "@/lib/contracts/admin-routes";

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
  const [chosen, setVersion] = useState(versions[0]?.key ?? "");
  // A version dated a moment ago leaves the list when the page refreshes: the next one is then selected.
  const version = versions.some((v) => v.key === chosen) ? chosen : (versions[0]?.key ?? "");
  return (
    <JsonImportForm
      maxBytes={maxBytes}
      noun="fix-dates file"
      fileLabel="Fix-dates file (JSON)"
      submitLabel="Import fix dates"
      upload={
        version
          ? (text) => callApi(adminRoutes.postAdminBenchmarksKeyFixDates, { params: { key: version }, text })
          : null
      }
      empty={
        versions.length === 0 && (
          <p className="muted">Every version with reference bugs has its fix dates and fix commits.</p>
        )
      }
      fields={(clearFile) => (
        <LabelledField label="Version without fix dates or fix commits">
          <select
            className={styles.select}
            value={version}
            onChange={(e) => {
              setVersion(e.target.value);
              clearFile();
            }}
          >
            {versions.map((v) => (
              <option key={v.key} value={v.key}>
                {v.label}
              </option>
            ))}
          </select>
        </LabelledField>
      )}
      hint={(megabytes) => (
        <>
          The format of <code>npx probebench benchmark fix-dates</code>:{" "}
          <code>
            {
              '{"fix_dates": [{"repo": "owner/name", "id": "…", "fixed_at": "2025-09-14T10:22:00Z", "fix_commit": "…"}]}'
            }
          </code>
          , the date-time and commit of each bug&apos;s fix, optionally with <code>repositories</code> (each one&apos;s{" "}
          <code>fix_commits</code>, <code>commits</code> and <code>tests</code>) and <code>reference_window_end</code>.
          At most {megabytes}. What a version has it keeps: a correction is a new version.
        </>
      )}
      done={(imported) => (
        <p className={styles.notice} role="status">
          Dated {imported.dated.toLocaleString("en-US")} of {imported.reference_bugs.toLocaleString("en-US")} reference
          bugs of <strong>{imported.benchmark}</strong> and stored {imported.fix_commits.toLocaleString("en-US")} fix
          commits. The fix-rank tests of its scored runs and its datasheet are being recomputed.
        </p>
      )}
    />
  );
}
