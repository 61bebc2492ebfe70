// Tokenizers and text views for the matching signals of Table 10.
//
// A "word" is a maximal run of letters (any script), digits, "_" and "$", lowercased: `größe` is one word (an ASCII
// class read it as `gr` and `e`), and `$state` (Svelte runes, PHP and shell variables, jQuery's `$`) keeps its
// sigil. Identifiers are kept whole (no camelCase or
// snake_case splitting) because the lexical signals exist to catch the exact names a finding and a
// reference bug share; splitting `parse_header` into `parse` + `header` would make unrelated code look alike.
// Every tokenizer returns a de-duplicated, sorted array: the signals are set Jaccards, so term
// frequency is irrelevant, and sorting makes the output deterministic.
//
//   snippetTokens(code)            words of >= 2 chars of code_snippet          (Table 10: snippet tokens)
//   identifierTokens(desc, code)   words of >= 3 chars of description + snippet (Table 10: identifiers)
//   calledNames(code)              names directly followed by "(" in code_snippet (Table 10: API calls)
//
// calledNames is lexical, not a parser: `obj.foo(` yields `foo`, `foo (` (with a space) yields nothing, a generic
// call's type arguments are skipped (`useState<string>(`, `parse::<u32>(`, `Map<K, List<V>>(` are calls of
// `usestate`, `parse` and `map`),
// and names in strings or comments count too. Bare language keywords that take a parenthesis
// (`if(`, `while(`, `sizeof(`, ...) are dropped; after a "." a keyword-like name is a real method
// (`re.match(`, `promise.catch(`) and is kept. `print(` is a real call in Python 3 and is kept.

import { FULL_TEXT_SNIPPET_CHARS } from "./thresholds";
import type { BugText } from "./types";

const WORD_PATTERN = /[\p{L}\p{M}\p{N}_$]+/gu;
// Type arguments between a name and its "(": up to two levels of nesting of names, spaces, commas, `::`, `.`, `[]`,
// `&`, `*`, `?`, `'` and `|` (`<string>`, `::<Vec<u8>>`, `<K, List<V>>`), so a comparison such as `a < b` followed
// by a parenthesised expression never reads as one.
const TYPE_ARGUMENT = "[\\p{L}\\p{N}_$\\s,.:\\[\\]&*?'|]*";
const TYPE_ARGUMENTS = `(?:::)?<${TYPE_ARGUMENT}(?:<${TYPE_ARGUMENT}(?:<${TYPE_ARGUMENT}>${TYPE_ARGUMENT})*>${TYPE_ARGUMENT})*>`;
// The lookbehind makes the name a whole word, so `1foo(` never yields a partial name (`a$foo(` is the word `a$foo`).
const CALL_PATTERN = new RegExp(
  `(?<![\\p{L}\\p{M}\\p{N}_$])([\\p{L}_$][\\p{L}\\p{M}\\p{N}_$]*)(?:${TYPE_ARGUMENTS})?\\(`,
  "gu",
);

// Keywords of the benchmark's languages (Python, JS/TS, Java, C/C++, Go, Rust, Ruby, PHP) that can be
// written directly before "(" without being a call.
const CALL_KEYWORDS: ReadonlySet<string> = new Set([
  "if",
  "elif",
  "else",
  "elseif",
  "for",
  "foreach",
  "while",
  "do",
  "switch",
  "case",
  "return",
  "try",
  "catch",
  "finally",
  "function",
  "func",
  "fn",
  "def",
  "class",
  "typeof",
  "instanceof",
  "new",
  "await",
  "async",
  "yield",
  "sizeof",
  "alignof",
  "alignas",
  "decltype",
  "noexcept",
  "defined",
  "lambda",
  "not",
  "and",
  "or",
  "in",
  "is",
  "with",
  "except",
  "raise",
  "throw",
  "throws",
  "delete",
  "del",
  "void",
  "synchronized",
  "unless",
  "until",
  "assert",
]);

function collectWords(text: string, minLength: number, into: Set<string>): void {
  for (const match of text.matchAll(WORD_PATTERN)) {
    const word = match[0];
    if (word.length >= minLength) into.add(word.toLowerCase());
  }
}

function toSortedArray(set: Set<string>): string[] {
  return [...set].sort();
}

/** Table 10 "snippet tokens": words of >= 2 characters of code_snippet. */
export function snippetTokens(code: string): string[] {
  const words = new Set<string>();
  collectWords(code, 2, words);
  return toSortedArray(words);
}

/** Table 10 "identifiers": words of >= 3 characters of description and code_snippet together. */
export function identifierTokens(description: string, code: string): string[] {
  const words = new Set<string>();
  collectWords(description, 3, words);
  collectWords(code, 3, words);
  return toSortedArray(words);
}

/** Table 10 "API calls": names immediately followed by "(" in code_snippet, method names included. */
export function calledNames(code: string): string[] {
  const names = new Set<string>();
  for (const match of code.matchAll(CALL_PATTERN)) {
    const name = (match[1] ?? "").toLowerCase();
    const isMethod = match.index > 0 && code[match.index - 1] === ".";
    if (isMethod || !CALL_KEYWORDS.has(name)) names.add(name);
  }
  return toSortedArray(names);
}

// The paper's pipeline is Python, whose slicing counts code points; slicing UTF-16 units could cut a
// surrogate pair in half and would count non-BMP characters twice.
function takeCodePoints(text: string, count: number): string {
  if (text.length <= count) return text;
  let end = 0;
  for (let taken = 0; taken < count && end < text.length; taken++) {
    const code = text.charCodeAt(end);
    end += code >= 0xd800 && code <= 0xdbff && end + 1 < text.length ? 2 : 1;
  }
  return text.slice(0, end);
}

/** Table 10 "full-text embedding" input: title + description + first 1,000 chars of code_snippet. */
export function fullText(bug: Pick<BugText, "title" | "description" | "codeSnippet">): string {
  return `${bug.title}\n${bug.description}\n${takeCodePoints(bug.codeSnippet, FULL_TEXT_SNIPPET_CHARS)}`;
}

/** Table 10 "description embedding" input: title + description. */
export function descriptionText(bug: Pick<BugText, "title" | "description">): string {
  return `${bug.title}\n${bug.description}`;
}
