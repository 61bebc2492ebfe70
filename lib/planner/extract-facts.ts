import { countTokens } from "gpt-tokenizer";
import type { Node } from "web-tree-sitter";
import type { Grammars } from "./grammars";
import { countLines, type SourceLanguage } from "./select-files";

// What the planner needs to know about one source file: size, the definitions and calls that tags.scm finds, and its
// imports. Computation only (the grammars are loaded by the caller).

export type Definition = { name: string; line: number };
/** A call site; `receiver` is the object of a method or module call (`z` in `z.f()`), when it is a plain name. */
type Call = { name: string; line: number; receiver?: string };
/**
 * One name an import statement binds in the file: `local` is the name used in the file, `imported` the name in the
 * module (`"default"` for a default import), or null when the module itself is bound (`import x.y as z`,
 * `import * as ns`, `const m = require(...)`); `"*"` for `from m import *`. `module` is the specifier as written.
 */
export type ImportBinding = { local: string; imported: string | null; module: string };

export type FileFacts = {
  path: string;
  language: SourceLanguage;
  lines: number;
  tokens: number;
  definitions: Definition[];
  calls: Call[];
  imports: ImportBinding[];
};

// Source text is counted as plain text: a file that mentions `<|endoftext|>` (tokenizer code does) is not an error.
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

const DEFINITION_CAPTURES = new Set(["definition.function", "definition.method", "definition.class"]);
const PLAIN_NAME = /^[\w$]+(\.[\w$]+)*$/;

/** Parses one file and lists its definitions, calls and imports, each in source order. */
export function extractFacts(grammars: Grammars, path: string, language: SourceLanguage, text: string): FileFacts {
  const grammar = grammars.byLanguage[language];
  grammars.parser.setLanguage(grammar.language);
  const tree = grammars.parser.parse(text);
  if (!tree) throw new Error(`tree-sitter could not parse ${path}`);
  try {
    const definitions: Definition[] = [];
    const calls: Call[] = [];
    const seen = new Set<string>();
    for (const match of grammar.tags.matches(tree.rootNode)) {
      const name = match.captures.find((c) => c.name === "name")?.node;
      const tagged = match.captures.find((c) => c.name !== "name" && c.name !== "doc");
      if (!name || !tagged) continue;
      const line = tagged.node.startPosition.row + 1;
      if (DEFINITION_CAPTURES.has(tagged.name)) {
        // Signatures (overloads, interface members) declare; the implementation elsewhere defines.
        if (tagged.node.type.endsWith("signature")) continue;
        const key = `d:${name.text}:${name.startIndex}`;
        if (!seen.has(key)) definitions.push({ name: name.text, line });
        seen.add(key);
      } else if (
        tagged.name === "reference.call" ||
        (tagged.name === "reference.class" && tagged.node.type === "new_expression")
      ) {
        // The JavaScript and TypeScript tags both tag `new K()`: one call per name node.
        const key = `c:${name.startIndex}`;
        if (!seen.has(key)) calls.push(callAt(name, line));
        seen.add(key);
      }
    }
    const imports =
      language === "python"
        ? pythonImports(grammar.imports.matches(tree.rootNode))
        : javascriptImports(grammar.imports.matches(tree.rootNode));
    return {
      path,
      language,
      lines: countLines(text),
      tokens: countTokens(text, PLAIN_TEXT),
      definitions,
      calls,
      imports,
    };
  } finally {
    tree.delete();
  }
}

function callAt(name: Node, line: number): Call {
  let callee = name.text;
  let object: Node | null = null;
  if (name.type === "member_expression") {
    // `new ns.K()`: tags.scm captures the whole constructor expression.
    object = name.childForFieldName("object");
    callee = name.childForFieldName("property")?.text ?? callee;
  } else {
    const parent = name.parent;
    if (parent && (parent.type === "attribute" || parent.type === "member_expression"))
      object = parent.childForFieldName("object");
  }
  const receiver = object?.text;
  return receiver !== undefined && PLAIN_NAME.test(receiver)
    ? { name: callee, line, receiver }
    : { name: callee, line };
}

type Match = { captures: { name: string; node: Node }[] };

function pythonImports(matches: Match[]): ImportBinding[] {
  const out: ImportBinding[] = [];
  for (const { captures } of matches) {
    const statement = captures[0]!.node;
    if (statement.type === "import_statement") {
      // import a.b          -> binds a.b (used as a.b.f())
      // import a.b as z     -> binds z
      for (const item of statement.childrenForFieldName("name")) {
        if (item.type === "aliased_import") {
          const module = item.childForFieldName("name")?.text;
          const alias = item.childForFieldName("alias")?.text;
          if (module && alias) out.push({ local: alias, imported: null, module });
        } else {
          out.push({ local: item.text, imported: null, module: item.text });
        }
      }
    } else {
      const module = statement.childForFieldName("module_name")?.text;
      if (!module) continue;
      if (statement.namedChildren.some((c) => c?.type === "wildcard_import"))
        out.push({ local: "*", imported: "*", module });
      for (const item of statement.childrenForFieldName("name")) {
        if (item.type === "aliased_import") {
          const imported = item.childForFieldName("name")?.text;
          const alias = item.childForFieldName("alias")?.text;
          if (imported && alias) out.push({ local: alias, imported, module });
        } else {
          out.push({ local: item.text, imported: item.text, module });
        }
      }
    }
  }
  return out;
}

const unquote = (node: Node | null | undefined): string | undefined => {
  const text = node?.text;
  return text && text.length >= 2 ? text.slice(1, -1) : undefined;
};

function javascriptImports(matches: Match[]): ImportBinding[] {
  const out: ImportBinding[] = [];
  for (const { captures } of matches) {
    const first = captures.find((c) => c.name === "import" || c.name === "require_call")!;
    if (first.name === "import") {
      const statement = first.node;
      const module = unquote(statement.childForFieldName("source"));
      if (!module) continue;
      const clause = statement.namedChildren.find((c) => c?.type === "import_clause");
      for (const part of clause?.namedChildren ?? []) {
        if (!part) continue;
        if (part.type === "identifier") out.push({ local: part.text, imported: "default", module });
        else if (part.type === "namespace_import") {
          const local = part.namedChildren.find((c) => c?.type === "identifier")?.text;
          if (local) out.push({ local, imported: null, module });
        } else if (part.type === "named_imports") {
          for (const spec of part.namedChildren) {
            if (spec?.type !== "import_specifier") continue;
            const imported = spec.childForFieldName("name")?.text;
            const local = spec.childForFieldName("alias")?.text ?? imported;
            if (imported && local) out.push({ local, imported, module });
          }
        }
      }
    } else {
      const local = captures.find((c) => c.name === "local")?.node;
      const module = unquote(captures.find((c) => c.name === "source")?.node);
      if (!local || !module) continue;
      if (local.type === "identifier") out.push({ local: local.text, imported: null, module });
      else if (local.type === "object_pattern") {
        // const { a, b: c } = require("m")
        for (const prop of local.namedChildren) {
          if (prop?.type === "shorthand_property_identifier_pattern")
            out.push({ local: prop.text, imported: prop.text, module });
          else if (prop?.type === "pair_pattern") {
            const imported = prop.childForFieldName("key")?.text;
            const value = prop.childForFieldName("value");
            if (imported && value?.type === "identifier") out.push({ local: value.text, imported, module });
          }
        }
      }
    }
  }
  return out;
}
