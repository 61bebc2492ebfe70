// Whether an upload's findings name files of their repositories: a findings file written with absolute paths, or a
// SARIF log analysed in another directory, scores zero without saying why. Counted only for repositories whose full
// file list is known (an imported snapshot); the files of reference bugs alone would call most real findings unknown.

export type KnownPathCount = {
  /** Findings in repositories with a known file list. */
  checked: number;
  /** Of those, findings whose file is one of the repository's files. */
  known: number;
  /** One path that is not a file of its repository, to show. */
  example?: { repo: string; file: string };
};

export function countKnownPaths(
  findings: Iterable<{ repo: string; file: string }>,
  files: ReadonlyMap<string, ReadonlySet<string>>,
): KnownPathCount {
  const count: KnownPathCount = { checked: 0, known: 0 };
  for (const f of findings) {
    const list = files.get(f.repo);
    if (!list) continue;
    count.checked++;
    if (list.has(f.file)) count.known++;
    else count.example ??= { repo: f.repo, file: f.file };
  }
  return count;
}

/** The refusal's words when no checked finding names a known file; null when the upload is fine. */
export function unknownPathsProblem(count: KnownPathCount): string | null {
  if (count.checked === 0 || count.known > 0 || !count.example) return null;
  return `none of the ${count.checked} findings names a file of its repository (for example "${count.example.file}" is not a file of ${count.example.repo}): paths must be relative to the repository's root (SARIF: pass source_root, CLI --source-root); to score it anyway pass allow_unknown_paths=true (CLI: --allow-unknown-paths)`;
}

/** The warning of an upload stored with findings naming no file of their repository (some, or all when allowed). */
export function unknownPathsWarning(count: KnownPathCount): string | null {
  if (count.known === count.checked || !count.example) return null;
  return `${count.checked - count.known} of ${count.checked} findings name no file of their repository (for example "${count.example.file}" is not a file of ${count.example.repo}); they cannot match a reference bug`;
}
