import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Language, Parser, Query } from "web-tree-sitter";
import type { SourceLanguage } from "./select-files";

// Loads the tree-sitter grammars (the .wasm builds shipped inside the grammar packages, whose native install scripts
// are disabled) and their tags.scm queries, once per process. The only I/O of the planner besides reading the tree.

type Grammar = { language: Language; tags: Query; imports: Query };
export type Grammars = { parser: Parser; byLanguage: Record<SourceLanguage, Grammar> };

// Imports are not in tags.scm: these small queries find the statements; extract-facts.ts reads their fields.
const PYTHON_IMPORTS = `
(import_statement) @import
(import_from_statement) @import
`;
const JAVASCRIPT_IMPORTS = `
(import_statement) @import
(variable_declarator
  name: (_) @local
  value: (call_expression
    function: (identifier) @require
    arguments: (arguments . (string) @source))
  (#eq? @require "require")) @require_call
`;

let loading: Promise<Grammars> | undefined;

/** The grammars, loaded on first use. */
export function loadGrammars(): Promise<Grammars> {
  loading ??= load();
  return loading;
}

async function load(): Promise<Grammars> {
  const require = createRequire(import.meta.url);
  const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));
  const python = packageDir("tree-sitter-python");
  const javascript = packageDir("tree-sitter-javascript");
  const typescript = packageDir("tree-sitter-typescript");
  const read = (file: string) => readFileSync(file, "utf8");

  await Parser.init();
  const [py, js, ts, tsx] = await Promise.all([
    Language.load(path.join(python, "tree-sitter-python.wasm")),
    Language.load(path.join(javascript, "tree-sitter-javascript.wasm")),
    Language.load(path.join(typescript, "tree-sitter-typescript.wasm")),
    Language.load(path.join(typescript, "tree-sitter-tsx.wasm")),
  ]);
  const pyTags = read(path.join(python, "queries", "tags.scm"));
  const jsTags = read(path.join(javascript, "queries", "tags.scm"));
  // The TypeScript grammar extends the JavaScript one; its tags.scm holds only the TypeScript additions.
  const tsTags = `${jsTags}\n${read(path.join(typescript, "queries", "tags.scm"))}`;
  const grammar = (language: Language, tags: string, imports: string): Grammar => ({
    language,
    tags: new Query(language, tags),
    imports: new Query(language, imports),
  });
  return {
    parser: new Parser(),
    byLanguage: {
      python: grammar(py, pyTags, PYTHON_IMPORTS),
      javascript: grammar(js, jsTags, JAVASCRIPT_IMPORTS),
      typescript: grammar(ts, tsTags, JAVASCRIPT_IMPORTS),
      tsx: grammar(tsx, tsTags, JAVASCRIPT_IMPORTS),
    },
  };
}
