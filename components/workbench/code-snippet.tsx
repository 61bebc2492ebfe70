import { scrollRegion } from "@/components/ui/scroll-region";
import { highlightSnippet } from "@/lib/server/workbench/highlight-snippet";

/** A server-rendered, syntax-highlighted snippet with the file's line numbers in a gutter. */
export async function CodeSnippet({
  code,
  file,
  firstLine,
  label,
}: {
  code: string;
  file: string;
  firstLine: number;
  label: string;
}) {
  if (!code.trim()) return <p className="muted">No code snippet was given.</p>;
  const html = await highlightSnippet(code, file, firstLine);
  return <div className="snippet" {...scrollRegion(label)} dangerouslySetInnerHTML={{ __html: html }} />;
}
