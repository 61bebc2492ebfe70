import type { SourceLanguage } from "./select-files";

// Resolves an import specifier, as written in a file, to another audited file of the snapshot. Pure. Specifiers that
// name installed packages or anything outside the audited files resolve to null: their calls fall back to the
// unique-name rule or stay unresolved.

export type ModuleIndex = {
  files: ReadonlySet<string>;
  /** Path suffix (`pkg/mod.py`, `mod.py`) -> the audited files that end with it. */
  bySuffix: ReadonlyMap<string, readonly string[]>;
};

export function buildModuleIndex(paths: readonly string[]): ModuleIndex {
  const bySuffix = new Map<string, string[]>();
  for (const file of paths) {
    const parts = file.split("/");
    for (let i = 0; i < parts.length; i++) {
      const suffix = parts.slice(i).join("/");
      const list = bySuffix.get(suffix);
      if (list) list.push(file);
      else bySuffix.set(suffix, [file]);
    }
  }
  return { files: new Set(paths), bySuffix };
}

/** `a/./b/../c` -> `a/c`; null when the path climbs out of the tree. */
export function normalisePath(path: string): string | null {
  const out: string[] = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (out.length === 0) return null;
      out.pop();
    } else out.push(part);
  }
  return out.join("/");
}

const dirnameOf = (path: string) => (path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "");
const joinPath = (dir: string, rest: string) => (dir === "" ? rest : rest === "" ? dir : `${dir}/${rest}`);

export function resolveModule(
  index: ModuleIndex,
  fromFile: string,
  language: SourceLanguage,
  specifier: string,
): string | null {
  return language === "python"
    ? resolvePython(index, fromFile, specifier)
    : resolveJavaScript(index, fromFile, specifier);
}

/** The module a `from <module> import <name>` statement binds when `<name>` is a submodule (`from pkg import mod`). */
export function submoduleSpecifier(module: string, name: string): string {
  return module.endsWith(".") ? `${module}${name}` : `${module}.${name}`;
}

function resolvePython(index: ModuleIndex, fromFile: string, module: string): string | null {
  const dots = module.length - module.replace(/^\.+/, "").length;
  const rest = module.slice(dots).split(".").filter(Boolean).join("/");
  if (dots > 0) {
    // `.` is the importing file's package, each further dot one package up.
    let dir: string | null = dirnameOf(fromFile);
    for (let i = 1; i < dots && dir !== null; i++) dir = dir === "" ? null : dirnameOf(dir);
    if (dir === null) return null;
    const base = joinPath(dir, rest);
    return firstExisting(index, rest === "" ? [`${base}/__init__.py`] : [`${base}.py`, `${base}/__init__.py`]);
  }
  // Absolute imports: the package root may be the tree root, src/ or any other directory, so match path suffixes and
  // accept only an unambiguous one.
  for (const candidate of [`${rest}.py`, `${rest}/__init__.py`]) {
    if (index.files.has(candidate)) return candidate;
    const found = index.bySuffix.get(candidate);
    if (found?.length === 1) return found[0]!;
  }
  return null;
}

const SCRIPT_EXTENSIONS = [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"];
// TypeScript sources import their compiled names (`./x.js` for `./x.ts`).
const COMPILED_TO_SOURCE: Record<string, string[]> = {
  ".js": [".ts", ".tsx"],
  ".jsx": [".tsx"],
  ".mjs": [".mts"],
  ".cjs": [".cts"],
};

function resolveJavaScript(index: ModuleIndex, fromFile: string, specifier: string): string | null {
  let base: string | null;
  if (specifier.startsWith("./") || specifier.startsWith("../") || specifier === "." || specifier === "..") {
    base = normalisePath(joinPath(dirnameOf(fromFile), specifier));
  } else if (specifier.startsWith("@/") || specifier.startsWith("~/")) {
    // The common root alias of bundler and tsconfig setups.
    base = normalisePath(specifier.slice(2));
  } else if (specifier.startsWith("/")) {
    return null;
  } else {
    // A bare specifier is a package unless the tree has that path (tsconfig baseUrl imports).
    base = normalisePath(specifier);
  }
  if (base === null) return null;
  const candidates = [base];
  const ext = SCRIPT_EXTENSIONS.find((e) => base!.endsWith(e));
  if (ext) for (const source of COMPILED_TO_SOURCE[ext] ?? []) candidates.push(base.slice(0, -ext.length) + source);
  for (const e of SCRIPT_EXTENSIONS) candidates.push(`${base}${e}`);
  for (const e of SCRIPT_EXTENSIONS) candidates.push(joinPath(base, `index${e}`));
  return firstExisting(index, candidates);
}

function firstExisting(index: ModuleIndex, candidates: string[]): string | null {
  return candidates.find((c) => index.files.has(c)) ?? null;
}
