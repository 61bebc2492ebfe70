import { createSeededRandom } from "../../lib/scoring/seeded-random";

// A synthetic repository for `npm run bench:plan`: Python packages and TypeScript feature folders of realistic module
// sizes (a few large ones), each function calling a few functions of its own module, a few imported from other
// modules, methods on self/this and built-ins, plus tests, vendored code and migrations for the exclusions. Seeded:
// the same tree every run.

export type SyntheticRepo = { files: Map<string, string>; sourceLines: number };

type Options = { targetLines: number; seed?: number };

// Names many modules define, so some calls are ambiguous (counted as unresolved, as in real code).
const SHARED_NAMES = ["validate", "handle", "normalize", "render", "load"];

export function generateSyntheticRepo({ targetLines, seed = 13 }: Options): SyntheticRepo {
  const random = createSeededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const files = new Map<string, string>();
  let sourceLines = 0;
  const pyModules: { path: string; module: string; functions: string[] }[] = [];
  const tsModules: { path: string; functions: string[] }[] = [];

  // Plan modules until each language has half the target lines (about 16 lines per function).
  const plan = (language: "py" | "ts") => {
    let lines = 0;
    let index = 0;
    while (lines < targetLines / 2) {
      const large = random() < 0.03;
      const count = large ? 70 + Math.floor(random() * 30) : 6 + Math.floor(random() * 12);
      const group = String(Math.floor(index / 14)).padStart(2, "0");
      const name = String(index % 14).padStart(2, "0");
      const functions = Array.from({ length: count }, (_, i) =>
        i < 2 && random() < 0.3 ? `${pick(SHARED_NAMES)}_${language}${i}` : `${language}${group}${name}_f${i}`,
      );
      if (language === "py")
        pyModules.push({ path: `synth/pkg${group}/mod${name}.py`, module: `synth.pkg${group}.mod${name}`, functions });
      else tsModules.push({ path: `web/src/feat${group}/mod${name}.ts`, functions });
      lines += count * 16 + 8;
      index++;
    }
  };
  plan("py");
  plan("ts");

  for (const [i, m] of pyModules.entries()) {
    const imports = new Map<string, string[]>();
    const importedNames: string[] = [];
    for (let k = 0; k < 4; k++) {
      const other = pyModules[(i + 1 + Math.floor(random() * 40)) % pyModules.length]!;
      if (other === m) continue;
      const fn = pick(other.functions);
      if (importedNames.includes(fn) || m.functions.includes(fn)) continue;
      imports.set(other.module, [...(imports.get(other.module) ?? []), fn]);
      importedNames.push(fn);
    }
    const lines = ['"""Synthetic module for the planner benchmark."""', "import logging", "import os", ""];
    for (const [module, names] of imports) lines.push(`from ${module} import ${names.join(", ")}`);
    lines.push("", "log = logging.getLogger(__name__)", "");
    for (const [j, fn] of m.functions.entries()) {
      const local = m.functions[(j + 1) % m.functions.length]!;
      const remote = importedNames.length > 0 ? pick(importedNames) : local;
      lines.push(
        `def ${fn}(items, options=None):`,
        `    """Combine items for ${fn}."""`,
        "    options = options or {}",
        "    result = []",
        "    for item in items:",
        "        if not item:",
        "            continue",
        `        value = ${local}([item], options) if len(result) > 3 else item`,
        `        result.append(${remote}(value) if options.get("deep") else value)`,
        `    log.debug("%s: %d items", "${fn}", len(result))`,
        `    path = os.path.join("cache", str(len(result)))`,
        `    if options.get("validate"):`,
        `        ${pick(SHARED_NAMES)}_py0(result)`,
        "    return sorted(result, key=str), path",
        "",
        "",
      );
    }
    files.set(m.path, lines.join("\n"));
  }

  for (const [i, m] of tsModules.entries()) {
    const importLines: string[] = [];
    const importedNames: string[] = [];
    for (let k = 0; k < 4; k++) {
      const other = tsModules[(i + 1 + Math.floor(random() * 40)) % tsModules.length]!;
      if (other === m) continue;
      const fn = pick(other.functions);
      if (importedNames.includes(fn) || m.functions.includes(fn)) continue;
      const from = other.path.replace(/^web\/src\//, "../").replace(/\.ts$/, "");
      importLines.push(`import { ${fn} } from "${from}";`);
      importedNames.push(fn);
    }
    const lines = [
      "// Synthetic module for the planner benchmark.",
      ...importLines,
      "",
      "type Options = { deep?: boolean; validate?: boolean };",
      "",
    ];
    for (const [j, fn] of m.functions.entries()) {
      const local = m.functions[(j + 1) % m.functions.length]!;
      const remote = importedNames.length > 0 ? pick(importedNames) : local;
      lines.push(
        `export function ${fn}(items: unknown[], options: Options = {}): unknown[] {`,
        "  const result: unknown[] = [];",
        "  for (const item of items) {",
        "    if (!item) continue;",
        `    const value = result.length > 3 ? ${local}([item], options) : item;`,
        `    result.push(options.deep ? ${remote}([value]) : value);`,
        "  }",
        `  if (options.validate) ${pick(SHARED_NAMES)}_ts0(result);`,
        "  const seen = new Map<string, number>();",
        "  for (const r of result) seen.set(String(r), (seen.get(String(r)) ?? 0) + 1);",
        `  console.debug("${fn}", seen.size);`,
        "  return result.sort();",
        "}",
        "",
        "",
        "",
      );
    }
    files.set(m.path, lines.join("\n"));
  }
  for (const content of files.values()) sourceLines += content.split("\n").length;

  // Not audited: tests, vendored code, generated migrations, a minified bundle, type declarations.
  for (let i = 0; i < 20; i++) {
    files.set(
      `tests/test_mod${i}.py`,
      `from synth.pkg00.mod00 import ${pyModules[0]!.functions[0]}\n\ndef test_it():\n    assert ${pyModules[0]!.functions[0]}([1])\n`,
    );
    files.set(
      `web/src/feat00/mod${i}.test.ts`,
      `import { ${tsModules[0]!.functions[0]} } from "./mod00";\n${tsModules[0]!.functions[0]}([1]);\n`,
    );
  }
  files.set(
    "node_modules/leftpad/index.js",
    "module.exports = function leftpad(s, n) { return String(s).padStart(n); };\n",
  );
  files.set("synth/migrations/0001_initial.py", "def upgrade():\n    pass\n");
  files.set("web/dist/bundle.min.js", "var a=1;".repeat(1000));
  files.set("web/src/types.d.ts", "declare const x: number;\n");
  files.set("README.md", "# synthetic\n");
  return { files, sourceLines };
}
