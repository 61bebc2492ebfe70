import { climbsOutOfRepository, normalisePath, normaliseRepoPath } from "./safe-text";

// Where a SARIF result's file is in its repository. Analysers write URIs relative to a base (`%SRCROOT%`), or
// absolute `file:///` URIs of wherever they ran (ESLint's SARIF formatter, `flawfinder --sarif /abs/dir`): those are
// mapped to the repository by its file list (the snapshot's files, else the files its reference bugs name), taking
// the longest path suffix that names one of its files. Pure: the browser, the CLI and the server map alike.

/** A URI that cannot be percent-decoded (`%E0%A4%A`): a 422 naming where it was written. */
export class MalformedUriError extends Error {}

/** `decodeURIComponent`, throwing MalformedUriError rather than URIError. */
export function decodeUri(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new MalformedUriError("is not a valid URI: a `%` is not followed by the percent-encoding of UTF-8 text");
  }
}

/** The path a `file:` URI (or a plain path) names, percent-decoding undone; other URIs as written. */
export function uriPath(uri: string): string {
  let path = uri;
  if (/^file:/i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      /* left as written */
    }
    // file:///C:/src/a.c names C:/src/a.c
    path = path.replace(/^\/([A-Za-z]:\/)/, "$1");
  }
  return decodeUri(path);
}

/** The files of one repository, indexed by their last segment for suffix look-ups. */
export type RepositoryFiles = { all: ReadonlySet<string>; byName: ReadonlyMap<string, readonly string[]> };

export function indexRepositoryFiles(files: Iterable<string>): RepositoryFiles {
  const all = new Set<string>();
  const byName = new Map<string, string[]>();
  for (const file of files) {
    if (all.has(file)) continue;
    all.add(file);
    const name = file.slice(file.lastIndexOf("/") + 1);
    const list = byName.get(name);
    if (list) list.push(file);
    else byName.set(name, [file]);
  }
  return { all, byName };
}

/** The longest file of `files` that `path` ends with (as whole segments), or null. */
function longestSuffixFile(path: string, files: RepositoryFiles): string | null {
  if (files.all.has(path)) return path;
  const name = path.slice(path.lastIndexOf("/") + 1);
  let best: string | null = null;
  for (const file of files.byName.get(name) ?? []) {
    if ((path === file || path.endsWith(`/${file}`)) && (!best || file.length > best.length)) best = file;
  }
  return best;
}

/** The part of a path under a source root (`/ci/checkout/flowq` or `file:///ci/checkout/flowq/`), or null. */
export function underSourceRoot(path: string, sourceRoot: string | undefined): string | null {
  if (!sourceRoot) return null;
  const root = uriPath(sourceRoot).replace(/\\/g, "/").replace(/\/+$/, "");
  const slashed = path.replace(/\\/g, "/");
  if (!root || !slashed.startsWith(`${root}/`)) return null;
  return slashed.slice(root.length + 1);
}

/**
 * A result's file in repository `repo`: relative paths as written (normalised), others by the longest suffix naming
 * a file of the repository; without a match, what follows the repository's name in the path (a checkout directory),
 * else the path as written. `mapped`: the file is one of the repository's known files.
 */
export function fileInRepository(
  path: string,
  repo: string,
  files: RepositoryFiles | undefined,
): { file: string; mapped: boolean } {
  const written = normalisePath(path, repo);
  if (climbsOutOfRepository(written)) return { file: written, mapped: false };
  const file = normaliseRepoPath(written);
  if (files) {
    const found = longestSuffixFile(file, files);
    if (found) return { file: found, mapped: true };
  }
  const absolute = /^(?:[/\\]|[A-Za-z]:[/\\])/.test(path);
  if (absolute) {
    const name = repo.slice(repo.lastIndexOf("/") + 1);
    // The outermost directory so named: a checkout may hold a package of its own name (tinysql/tinysql/).
    const rooted = `/${file}`;
    const at = rooted.indexOf(`/${name}/`);
    if (at >= 0) return { file: rooted.slice(at + name.length + 2), mapped: false };
  }
  return { file, mapped: false };
}

/** The one repository of `indexes` holding the longest file `path` ends with; null when none or a tie. */
export function repositoryByFiles(path: string, indexes: ReadonlyMap<string, RepositoryFiles>): string | null {
  const file = normaliseRepoPath(normalisePath(path));
  let best: { repo: string; length: number } | null = null;
  let tie = false;
  for (const [repo, files] of indexes) {
    const found = longestSuffixFile(file, files);
    if (!found) continue;
    if (!best || found.length > best.length) {
      best = { repo, length: found.length };
      tie = false;
    } else if (found.length === best.length) tie = true;
  }
  return best && !tie ? best.repo : null;
}
