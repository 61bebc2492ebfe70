import type { CallGraphStats } from "../validation/pass-plan";
import type { Definition, FileFacts, ImportBinding } from "./extract-facts";
import { BUILTIN_NAMES } from "./builtin-names";
import { buildModuleIndex, resolveModule, submoduleSpecifier, type ModuleIndex } from "./resolve-imports";

// The static call graph between audited files (Appendix B). A call resolves to a definition in another file by the
// file's imports first, then by a name that exactly one file defines
// (except the names of built-ins, builtin-names.ts). Calls to the calling file's own definitions are
// same-file calls; everything else (builtins, packages, ambiguous names) is counted as unresolved, never guessed.

/** A call from `from`:`line` to the definition `name` at `to`:`toLine` (the defined name, not an import alias). */
export type CallEdge = { from: string; line: number; name: string; to: string; toLine: number };

export type CallGraph = { edges: CallEdge[]; stats: CallGraphStats };

const SELF_RECEIVERS = new Set(["self", "this", "cls", "super"]);

export function buildCallGraph(files: readonly FileFacts[]): CallGraph {
  const index = buildModuleIndex(files.map((f) => f.path));
  // name -> (file -> first definition line)
  const definers = new Map<string, Map<string, number>>();
  for (const file of files) {
    for (const d of file.definitions) {
      let byFile = definers.get(d.name);
      if (!byFile) definers.set(d.name, (byFile = new Map()));
      if (!byFile.has(file.path)) byFile.set(file.path, d.line);
    }
  }
  const definitionLine = (file: string, name: string) => definers.get(name)?.get(file);

  const edges: CallEdge[] = [];
  const stats: CallGraphStats = {
    definitions: 0,
    calls: 0,
    same_file: 0,
    resolved_by_import: 0,
    resolved_by_name: 0,
    unresolved: 0,
  };
  for (const file of files) {
    stats.definitions += file.definitions.length;
    const scope = importScope(index, file);
    const own = new Set(file.definitions.map((d: Definition) => d.name));
    for (const call of file.calls) {
      stats.calls++;
      const byImport = resolveByImport(scope, call.name, call.receiver, definitionLine);
      if (byImport && byImport.file !== file.path) {
        stats.resolved_by_import++;
        edges.push({ from: file.path, line: call.line, name: byImport.name, to: byImport.file, toLine: byImport.line });
        continue;
      }
      if (
        own.has(call.name) &&
        (call.receiver === undefined || SELF_RECEIVERS.has(call.receiver) || !scope.modules.has(call.receiver))
      ) {
        stats.same_file++;
        continue;
      }
      const builtins = BUILTIN_NAMES[file.language === "python" ? "python" : "javascript"];
      const named = builtins.has(call.name) ? undefined : definers.get(call.name);
      if (named && named.size === 1) {
        const [to, toLine] = named.entries().next().value as [string, number];
        if (to !== file.path) {
          stats.resolved_by_name++;
          edges.push({ from: file.path, line: call.line, name: call.name, to, toLine });
          continue;
        }
      }
      stats.unresolved++;
    }
  }
  return { edges, stats };
}

type ImportScope = {
  /** local name -> (file, name defined there) */
  names: Map<string, { file: string; name: string }>;
  /** local module alias -> file */
  modules: Map<string, string>;
  wildcards: string[];
};

function importScope(index: ModuleIndex, file: FileFacts): ImportScope {
  const scope: ImportScope = { names: new Map(), modules: new Map(), wildcards: [] };
  const resolve = (specifier: string) => resolveModule(index, file.path, file.language, specifier);
  for (const binding of file.imports) bind(scope, binding, resolve, file.language === "python");
  return scope;
}

function bind(
  scope: ImportScope,
  b: ImportBinding,
  resolve: (specifier: string) => string | null,
  python: boolean,
): void {
  if (b.imported === "*") {
    const target = resolve(b.module);
    if (target) scope.wildcards.push(target);
    return;
  }
  if (b.imported === null) {
    const target = resolve(b.module);
    if (target) scope.modules.set(b.local, target);
    return;
  }
  // `from pkg import mod` binds a module when pkg/mod.py exists, a name otherwise.
  const submodule = python ? resolve(submoduleSpecifier(b.module, b.imported)) : null;
  if (submodule) {
    scope.modules.set(b.local, submodule);
    return;
  }
  const target = resolve(b.module);
  if (target) scope.names.set(b.local, { file: target, name: b.imported });
}

function resolveByImport(
  scope: ImportScope,
  name: string,
  receiver: string | undefined,
  definitionLine: (file: string, name: string) => number | undefined,
): { file: string; line: number; name: string } | null {
  if (receiver !== undefined) {
    const module = scope.modules.get(receiver);
    const line = module === undefined ? undefined : definitionLine(module, name);
    return module !== undefined && line !== undefined ? { file: module, line, name } : null;
  }
  const imported = scope.names.get(name);
  if (imported) {
    // A default import is called by its local name; the definition usually carries the same name.
    const defined = imported.name === "default" ? name : imported.name;
    const line = definitionLine(imported.file, defined);
    if (line !== undefined) return { file: imported.file, line, name: defined };
  }
  for (const file of scope.wildcards) {
    const line = definitionLine(file, name);
    if (line !== undefined) return { file, line, name };
  }
  return null;
}
