"use client";

import Link from "next/link";
import { useMemo, useRef, useState } from "react";
import type { FieldIssue } from "@/lib/errors";
import { ApiError } from "@/lib/api-client";
import { ErrorMessage } from "@/components/ui/error-message";
import { MetadataFields } from "./metadata-fields";
import { SubmissionProgress } from "./submission-progress";
import styles from "@/components/ui/forms.module.css";
import barStyles from "@/components/ui/ui.module.css";
import { uploadFindings, type UploadResult } from "./upload-file";
import {
  applyMetadata,
  isSarifFileName,
  sarifAsFindingsFile,
  sarifUploadQuery,
  metadataFromFile,
  parseFindingsText,
  validateAgainstBenchmarks,
  validateFindings,
  validateMetadata,
  type KnownBenchmark,
  type MetadataForm,
} from "@/lib/validation/findings-upload";

// A SARIF log keeps its text: it is converted again when another benchmark version is chosen.
type Loaded = {
  name: string;
  size: number;
  document: Record<string, unknown>;
  fileIssues: FieldIssue[];
  sarif?: { text: string; benchmark: string; skipped: number; sourceRoot: string };
};
type Props = {
  maxBytes: number;
  benchmarks: KnownBenchmark[];
  quota: { limit: number; used: number; remaining: number; resets_at: string | null };
};

const EMPTY: MetadataForm = {
  model: "",
  reasoning_effort: "",
  harness: "",
  cost_usd: "",
  report_url: "",
  open_model: "",
  organisation: "",
  model_licence: "",
  parameter_count: "",
};

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function quotaMessage(quota: Props["quota"]): string {
  if (quota.limit === 0) return "Uploads are not enabled for your account. Ask an administrator.";
  const used = quota.limit === 1 ? "your 1 upload" : `all ${quota.limit} uploads`;
  const next = quota.resets_at ? ` The next one is possible after ${new Date(quota.resets_at).toLocaleString()}.` : "";
  return `You have used ${used} of the last 24 hours.${next} Ask an administrator if you need more.`;
}

function countFindings(doc: Record<string, unknown>): number {
  const n = (v: unknown) => (Array.isArray(v) ? v.length : 0);
  return (
    n(doc.findings) +
    (Array.isArray(doc.runs) ? doc.runs.reduce((s: number, r) => s + n((r as { findings?: unknown })?.findings), 0) : 0)
  );
}

/** The metadata a document carries and every problem of the document, against the known benchmarks. */
function checkDocument(document: Record<string, unknown>, benchmarks: KnownBenchmark[]) {
  const prefilled = metadataFromFile(document);
  const fileIssues = [...validateFindings(document, prefilled), ...validateAgainstBenchmarks(document, benchmarks)];
  return { prefilled, fileIssues };
}

/** The drop target: click, Enter or Space opens the file chooser; a dropped or chosen file goes to `onFile`. */
function FileDropzone({ onFile }: { onFile: (file: File) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  return (
    <div
      className={`${styles.dropzone} ${dragging ? styles.dropzoneActive : ""}`}
      role="button"
      tabIndex={0}
      onClick={() => input.current?.click()}
      onKeyDown={(e) => (e.key === "Enter" || e.key === " ") && input.current?.click()}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        const file = e.dataTransfer.files[0];
        if (file) onFile(file);
      }}
    >
      <strong>Drop a findings file here</strong> or click to choose one (JSON, or a SARIF 2.1.0 log of a static
      analyser: .sarif).
      <input
        ref={input}
        type="file"
        accept=".json,.sarif,application/json,application/sarif+json"
        hidden
        data-testid="findings-file-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onFile(file);
          e.target.value = "";
        }}
      />
    </div>
  );
}

/** After the upload: the new submission's id, its scoring progress and where to follow it. */
function Uploaded({ name, created }: { name: string | undefined; created: UploadResult }) {
  const submissionId = created.id;
  return (
    <div className={styles.form} style={{ maxWidth: 720 }}>
      <div className={styles.notice}>
        Uploaded <strong>{name}</strong> as submission <code>{submissionId}</code>. It stays private until an admin
        approves it.
        {created.paths && ` ${sarifPathsSummary(created)}`}
      </div>
      {created.warnings.map((warning) => (
        <p key={warning} className={styles.alert} role="status">
          Warning: {warning}.
        </p>
      ))}
      <SubmissionProgress id={submissionId} />
      <div className={styles.actions}>
        <Link href={`/account/submissions/${submissionId}`}>Open the submission</Link>
        <Link href="/account/submissions">All my submissions</Link>
      </div>
    </div>
  );
}

/** How the server placed a SARIF log's results in their repositories. */
function sarifPathsSummary(created: UploadResult): string {
  const { mapped, unmapped } = created.paths!;
  const skipped = created.skipped?.without_location ?? 0;
  return `Of its results, ${mapped} name a file of their repository, ${unmapped} were kept as written (no such file known), ${skipped} had no location and were skipped.`;
}

/** What the file holds; for a SARIF log, the benchmark version it is converted for (a log does not name one). */
function LoadedSummary({
  loaded,
  benchmarks,
  onBenchmark,
  onSourceRoot,
}: {
  loaded: Loaded;
  benchmarks: KnownBenchmark[];
  onBenchmark: (key: string) => void;
  onSourceRoot: (root: string) => void;
}) {
  const runs = loaded.document.runs;
  return (
    <>
      <p>
        <strong>{loaded.name}</strong> ({megabytes(loaded.size)}): {countFindings(loaded.document)} findings
        {Array.isArray(runs) ? ` in ${runs.length} runs` : ""}, benchmark{" "}
        <code>{String(loaded.document.benchmark ?? "?")}</code>.
        {loaded.sarif && loaded.sarif.skipped > 0 && ` ${loaded.sarif.skipped} results without a location are skipped.`}
      </p>
      {loaded.sarif && (
        <label className={styles.field}>
          <span>Benchmark version of this SARIF log</span>
          <select value={loaded.sarif.benchmark} onChange={(e) => onBenchmark(e.target.value)}>
            {benchmarks.map((b) => (
              <option key={`${b.slug}@${b.version}`} value={`${b.slug}@${b.version}`}>
                {b.slug}@{b.version}
              </option>
            ))}
          </select>
        </label>
      )}
      {loaded.sarif && (
        <label className={styles.field}>
          <span>Source root (optional)</span>
          <input
            defaultValue={loaded.sarif.sourceRoot}
            placeholder="/home/ci/checkout/flowq"
            onBlur={(e) => onSourceRoot(e.target.value)}
          />
          <span className={styles.hint}>
            The directory the analyser ran in, if it wrote absolute paths. Without it, absolute paths are matched to the
            repository&apos;s files by their longest common ending.
          </span>
        </label>
      )}
    </>
  );
}

function UploadProgressBar({ progress }: { progress: number }) {
  const percent = Math.round(progress * 100);
  return (
    <div>
      <div className={styles.hint}>Uploading: {percent}%</div>
      {/* ProgressBar's look, not ProgressBar itself: the upload's width is not rounded to a whole percent. */}
      <div className={barStyles.progress} role="progressbar" aria-label="Upload progress" aria-valuenow={percent}>
        <div className={barStyles.progressBar} style={{ width: `${progress * 100}%` }} />
      </div>
    </div>
  );
}

/** Drop a findings file, see every problem by JSON path, complete the metadata, upload with progress, watch it score. */
export function SubmitForm({ maxBytes, benchmarks, quota }: Props) {
  const [reading, setReading] = useState(false);
  const [loaded, setLoaded] = useState<Loaded>();
  const [readError, setReadError] = useState<{ message: string; issues: FieldIssue[] }>();
  const [metadata, setMetadata] = useState<MetadataForm>(EMPTY);
  const [uploadProgress, setUploadProgress] = useState<number>();
  const [uploadError, setUploadError] = useState<ApiError>();
  const [created, setCreated] = useState<UploadResult>();
  const metadataIssues = useMemo(() => validateMetadata(metadata), [metadata]);

  async function acceptFile(file: File) {
    setLoaded(undefined);
    setReadError(undefined);
    setUploadError(undefined);
    if (file.size > maxBytes) {
      setReadError({
        message: `${file.name} is ${megabytes(file.size)}; the limit is ${megabytes(maxBytes)}.`,
        issues: [],
      });
      return;
    }
    setReading(true);
    // Let the "checking" message paint before a large file blocks the main thread.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const text = await file.text();
    if (isSarifFileName(file.name)) {
      loadSarif(file.name, file.size, text, benchmarks[0] ? `${benchmarks[0].slug}@${benchmarks[0].version}` : "", "");
      return;
    }
    const parsed = parseFindingsText(text);
    if (!parsed.ok) {
      setReading(false);
      setReadError({ message: parsed.message, issues: parsed.issues });
      return;
    }
    const { prefilled, fileIssues } = checkDocument(parsed.document, benchmarks);
    setMetadata(prefilled);
    setLoaded({ name: file.name, size: file.size, document: parsed.document, fileIssues });
    setReading(false);
  }

  /** A SARIF log as the findings file it stands for in the chosen benchmark version (a log does not name one). */
  function loadSarif(name: string, size: number, text: string, benchmarkKey: string, sourceRoot: string) {
    setReading(false);
    const benchmark = benchmarks.find((b) => `${b.slug}@${b.version}` === benchmarkKey);
    if (!benchmark) {
      setReadError({ message: "There is no benchmark version to upload a SARIF log to yet.", issues: [] });
      return;
    }
    const converted = sarifAsFindingsFile(text, benchmark, sourceRoot);
    if (!converted.ok) {
      setReadError({ message: converted.message, issues: converted.issues });
      return;
    }
    const { prefilled, fileIssues } = checkDocument(converted.document, benchmarks);
    setMetadata(prefilled);
    setLoaded({
      name,
      size,
      document: converted.document,
      fileIssues,
      sarif: { text, benchmark: benchmarkKey, skipped: converted.skipped ?? 0, sourceRoot },
    });
  }

  async function upload() {
    if (!loaded) return;
    setUploadError(undefined);
    setUploadProgress(0);
    try {
      // A SARIF log is sent as it is: the server maps its absolute paths by the repositories' snapshots.
      const answer = loaded.sarif
        ? await uploadFindings(
            loaded.sarif.text,
            setUploadProgress,
            sarifUploadQuery(loaded.sarif.benchmark, metadata, loaded.sarif.sourceRoot),
          )
        : await uploadFindings(JSON.stringify(applyMetadata(loaded.document, metadata)), setUploadProgress);
      setCreated(answer);
    } catch (e) {
      setUploadError(e instanceof ApiError ? e : new ApiError(0, "The upload failed."));
      setUploadProgress(undefined);
    }
  }

  if (created) return <Uploaded name={loaded?.name} created={created} />;

  const blocked = quota.remaining <= 0;
  const issues = loaded ? loaded.fileIssues : [];
  const canUpload =
    Boolean(loaded) && issues.length === 0 && metadataIssues.length === 0 && uploadProgress === undefined && !blocked;

  return (
    <div className={`${styles.form} ${styles.wide}`}>
      <p className={blocked ? styles.alert : styles.info} role={blocked ? "alert" : undefined}>
        {blocked
          ? quotaMessage(quota)
          : `Uploads left today: ${quota.remaining} of ${quota.limit}. Files up to ${megabytes(maxBytes)}.`}
      </p>
      <FileDropzone onFile={(file) => void acceptFile(file)} />
      <p className={styles.hint}>
        The format is described below in the guide and the <a href="/schemas/findings-file.schema.json">JSON Schema</a>;
        the API is in the <Link href="/docs/api">API reference</Link>.
      </p>
      {reading && <p className={styles.hint}>Checking the file…</p>}
      {readError && <ErrorMessage message={readError.message} issues={readError.issues} />}
      {loaded && (
        <>
          <LoadedSummary
            loaded={loaded}
            benchmarks={benchmarks}
            onBenchmark={(key) =>
              loadSarif(loaded.name, loaded.size, loaded.sarif!.text, key, loaded.sarif!.sourceRoot)
            }
            onSourceRoot={(root) =>
              loadSarif(loaded.name, loaded.size, loaded.sarif!.text, loaded.sarif!.benchmark, root)
            }
          />
          {issues.length > 0 ? (
            <ErrorMessage
              message={`The file has ${issues.length} problem${issues.length === 1 ? "" : "s"}; fix them and drop it again. Nothing was uploaded.`}
              issues={issues}
            />
          ) : (
            <div className={styles.notice} data-testid="file-valid">
              The findings are valid.
            </div>
          )}
          <MetadataFields value={metadata} onChange={setMetadata} issues={metadataIssues} />
          {uploadProgress !== undefined && <UploadProgressBar progress={uploadProgress} />}
          {uploadError && <ErrorMessage message={uploadError.message} issues={uploadError.issues} />}
          <div className={styles.actions}>
            <button
              type="button"
              className={`${styles.button} ${styles.primary}`}
              disabled={!canUpload}
              onClick={() => void upload()}
            >
              Upload and score
            </button>
            <span className={styles.hint}>
              The result stays private until an admin approves it for the public leaderboard.
            </span>
          </div>
        </>
      )}
    </div>
  );
}
