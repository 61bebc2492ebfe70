import "server-only";
import { createHighlighterCore, type HighlighterCore } from "shiki/core";
import { createJavaScriptRegexEngine } from "shiki/engine/javascript";

// Syntax highlighting of code snippets on the server with Shiki (a maintained highlighter; its TextMate grammars ship
// in the npm package, so nothing is fetched at run time). The JavaScript regex engine avoids loading WebAssembly in
// the web process. Only the benchmark's languages are loaded; other files are shown as plain text.

const LANGUAGES: Record<string, string> = {
  py: "python",
  js: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  jsx: "jsx",
  ts: "typescript",
  mts: "typescript",
  cts: "typescript",
  tsx: "tsx",
};
// The high-contrast variant: every token colour passes WCAG AA contrast on its background (the axe checks in the browser tests).
const THEME = "github-light-high-contrast";

let highlighter: Promise<HighlighterCore> | undefined;

function getHighlighter(): Promise<HighlighterCore> {
  highlighter ??= createHighlighterCore({
    themes: [import("shiki/themes/github-light-high-contrast.mjs")],
    langs: [
      import("shiki/langs/python.mjs"),
      import("shiki/langs/javascript.mjs"),
      import("shiki/langs/jsx.mjs"),
      import("shiki/langs/typescript.mjs"),
      import("shiki/langs/tsx.mjs"),
    ],
    engine: createJavaScriptRegexEngine(),
  });
  return highlighter;
}

function languageOf(file: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(file)?.[1]?.toLowerCase() ?? "";
  return LANGUAGES[ext] ?? "text";
}

/**
 * HTML of a snippet, each line carrying its line number in the file (`data-line`, from `firstLine`), for the CSS
 * gutter. Shiki escapes the code; the HTML is safe to insert.
 */
export async function highlightSnippet(code: string, file: string, firstLine: number): Promise<string> {
  const h = await getHighlighter();
  return h.codeToHtml(code, {
    lang: languageOf(file),
    theme: THEME,
    transformers: [
      {
        pre(node) {
          // The snippet frame is focusable by the page (scroll region); Shiki's own tabindex would duplicate it.
          delete node.properties.tabindex;
        },
        line(node, line) {
          node.properties["data-line"] = String(firstLine + line - 1);
        },
      },
    ],
  });
}
