"use client";

import styles from "@/components/ui/forms.module.css";
import { JsonImportForm } from "./json-import-form";
import { callApi } from "@/lib/api-client";
import { adminRoutes } from "@/lib/contracts/admin-routes";

/**
 * Imports a benchmark version from its benchmark file: choose the file, import, and read either what was stored or
 * every problem by JSON path (nothing is stored then). The server validates; the browser only reads the file.
 */
export function BenchmarkImportForm({ maxBytes }: { maxBytes: number }) {
  return (
    <JsonImportForm
      maxBytes={maxBytes}
      noun="benchmark file"
      fileLabel="Benchmark file (JSON)"
      fileTestId="benchmark-file-input"
      submitLabel="Import version"
      upload={(text) => callApi(adminRoutes.postAdminBenchmarks, { text })}
      hint={(megabytes) => (
        <>
          The format of <code>npx probebench benchmark import</code>: slug, name, version, snapshot date, repositories,
          reference bugs, and optionally a taxonomy and reference visibility. At most {megabytes}. A version, once
          imported, cannot be changed: import a new version instead.
        </>
      )}
      done={(imported) => (
        <p className={styles.notice} role="status">
          Imported <strong>{imported.key}</strong>: {imported.repositories.toLocaleString("en-US")} repositories,{" "}
          {imported.reference_bugs.toLocaleString("en-US")} reference bugs. Import snapshots with{" "}
          <code>npx probebench snapshot import</code> to plan passes and run audits.
        </p>
      )}
    />
  );
}
