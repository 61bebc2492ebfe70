// Rules for uploaded text that the pages show: no bidirectional control characters (one policy, refused everywhere
// an upload schema takes text), and file paths that stay inside their repository. Pure: the browser, the CLI and the
// server check the same way. Policy in docs/security.md ("Uploaded text").

// Embeddings, overrides and isolates (U+202A..U+202E, U+2066..U+2069) and the implicit marks (U+200E, U+200F,
// U+061C): they make text display in another order than it is stored ("Trojan Source"), so a file name or a title
// could show one thing and mean another.
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;

/** Why `text` is refused, or null: the first bidirectional control character, by code point and position. */
export function bidiControlProblem(text: string): string | null {
  const match = BIDI_CONTROL.exec(text);
  if (!match) return null;
  const code = match[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
  return `must not contain bidirectional control characters (U+${code} at character ${match.index + 1}): they make text display in another order than it is written`;
}

/** The segments of a path: `/` and `\` both separate, and a percent-encoded `.` (`%2e`) counts as a dot. */
function segmentsOf(path: string): string[] {
  return path.split(/[/\\]/).map((s) => (/^(?:\.|%2e){1,2}$/i.test(s) ? s.replace(/%2e/gi, ".") : s));
}

/** Whether a repository-relative path climbs above the repository's root (`../x`, `a/../../x`, `%2e%2e/x`). */
export function climbsOutOfRepository(path: string): boolean {
  let depth = 0;
  for (const segment of segmentsOf(path)) {
    if (segment === "..") {
      if (--depth < 0) return true;
    } else if (segment !== "." && segment !== "") depth++;
  }
  return false;
}

/**
 * A path as stored: `.` and empty segments dropped, `..` resolved, `\` read as `/`, a leading `/` kept (an absolute
 * path the scoring recognises, such as the sandbox's `/repo/...`). A path that climbs out is returned as given (the
 * schema refuses it).
 */
export function normaliseRepoPath(path: string): string {
  if (climbsOutOfRepository(path)) return path;
  const out: string[] = [];
  for (const segment of segmentsOf(path)) {
    if (segment === "..") out.pop();
    else if (segment !== "." && segment !== "") out.push(segment);
  }
  const absolute = /^[/\\]/.test(path);
  return `${absolute ? "/" : ""}${out.join("/")}`;
}

/**
 * Normalises a repository-relative path so `./src/a.py`, `/src/a.py` and `src\a.py` compare equal: findings come
 * from agents that spell paths in all of these ways. With the repository ("owner/name") it also drops the checkout
 * prefixes agents print: `/workspace/<name>/`, `/workspace/<owner>/<name>/` and `<owner>/<name>/`. The sandbox's mount,
 * `/repo/`, is dropped with or without the repository.
 */
export function normalisePath(file: string, repo?: string): string {
  const slashed = file.trim().replace(/\\/g, "/");
  let path = stripLeading(slashed);
  // The sandbox of an in-house run mounts the checkout at /repo, and agents print that mount: `/repo/src/a.py` is
  // `src/a.py`. Only the absolute spelling is dropped (a repository may well have a top-level `repo/` directory).
  if (/^\/+repo\//.test(slashed)) path = stripLeading(path.slice("repo/".length));
  if (!repo) return path;
  const name = repo.slice(repo.lastIndexOf("/") + 1);
  for (const prefix of [`workspace/${repo}/`, `workspace/${name}/`, `${repo}/`]) {
    if (path.startsWith(prefix)) {
      path = stripLeading(path.slice(prefix.length));
      break;
    }
  }
  return path;
}

function stripLeading(path: string): string {
  for (;;) {
    if (path.startsWith("./")) path = path.slice(2);
    else if (path.startsWith("/")) path = path.slice(1);
    else return path;
  }
}
