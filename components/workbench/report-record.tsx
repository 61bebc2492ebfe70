import type { ReactNode } from "react";
import type { ReferenceRecord } from "@/lib/workbench/reference-visibility";
import { CodeSnippet } from "./code-snippet";

/** One bug report (a finding or a reference bug) in full: location, labels, text, snippet and suggested fix. */
/**
 * `submitterLabels`: the record is a finding, whose category and trigger are the submitter's own labels (shown as
 * such; the bug-type shares use the LLM's attribution only, F.7.3).
 */
export function ReportRecord({
  heading,
  report,
  extra,
  headingId,
  submitterLabels = false,
}: {
  heading: ReactNode;
  report: ReferenceRecord;
  extra?: ReactNode;
  headingId: string;
  submitterLabels?: boolean;
}) {
  return (
    <section className="card report" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <p className="report-title">{report.title}</p>
      <dl className="facts">
        <dt>Location</dt>
        <dd>
          <code>
            {report.file}:{report.line_start}–{report.line_end}
          </code>
        </dd>
        <dt>Severity</dt>
        <dd>{report.severity ?? "–"}</dd>
        <dt>{submitterLabels ? "Category (the submitter's label)" : "Category"}</dt>
        <dd>{report.category ?? "–"}</dd>
        {report.trigger && (
          <>
            <dt>{submitterLabels ? "Trigger (the submitter's label)" : "Trigger"}</dt>
            <dd>{report.trigger}</dd>
          </>
        )}
        {extra}
      </dl>
      <h3>Description</h3>
      <p className="prose pre-line">{report.description}</p>
      <h3>Code</h3>
      <CodeSnippet
        code={report.code_snippet}
        file={report.file}
        firstLine={report.line_start}
        label={`Code of ${report.id}`}
      />
      <h3>Suggested fix</h3>
      {report.suggested_fix ? (
        <p className="prose pre-line">{report.suggested_fix}</p>
      ) : (
        <p className="muted">None given.</p>
      )}
    </section>
  );
}

/** What non-staff see of a reference bug of a version with hidden reference details. */
export function HiddenReference({ id, headingId }: { id: string; headingId: string }) {
  return (
    <section className="card report" aria-labelledby={headingId}>
      <h2 id={headingId}>Reference bug {id}</h2>
      <p className="muted">
        This benchmark version keeps its reference details hidden: texts, files and lines are shown to maintainers only,
        so a held-out set cannot leak into training data. Aggregates and reference bug ids stay public.
      </p>
    </section>
  );
}
