import type { ReactNode } from "react";
import { CodeSnippet } from "@/components/workbench/code-snippet";
import type { LabelledText } from "@/lib/contracts/grading";

/** One report as people judging it see it: location, title, description, its code and the suggested fix; nothing else. */
export function BugText({ heading, text, headingId }: { heading: ReactNode; text: LabelledText; headingId: string }) {
  return (
    <section className="card report" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <p className="report-title">{text.title}</p>
      <p className="muted small">
        {text.repo}{" "}
        <code>
          {text.file}:{text.line_start}–{text.line_end}
        </code>
      </p>
      <p style={{ whiteSpace: "pre-wrap" }}>{text.description}</p>
      <CodeSnippet
        code={text.code_snippet}
        file={text.file}
        firstLine={text.line_start}
        label={`Code of ${text.title}`}
      />
      {text.suggested_fix && (
        <>
          <h3>Suggested fix</h3>
          <p style={{ whiteSpace: "pre-wrap" }}>{text.suggested_fix}</p>
        </>
      )}
    </section>
  );
}
