import path from "node:path";
import {
  parseCommitList,
  parseLinePorcelain,
  splitSections,
  truncateHeadTail,
  type BlameLine,
  type WindowCommit,
} from "../../../lib/benchmark-build/git-output";
import { PermanentJobError } from "../../jobs/job-failure";
import { newNonce, runGitScript } from "./git-sandbox";

// The git questions a build asks of a repository, each one sandboxed script (git-sandbox.ts) answering for many
// commits or candidates at once. Everything from the repository comes back as text framed by a nonce.

export function bundleDirOf(repo: { bundlePath: string | null }): string {
  if (!repo.bundlePath) throw new PermanentJobError("The repository has no git bundle stored.");
  return path.dirname(repo.bundlePath);
}

export type WindowListing = {
  snapshot: { sha: string; date: Date };
  defaultBranch: string;
  commits: WindowCommit[];
};

/**
 * T0 (a commit, or the last first-parent commit of the default branch at a date) and the first-parent commits of the
 * default branch after it, oldest first. T0 must be in the default branch's history.
 */
export async function listWindow(bundleDir: string, snapshotRef: string): Promise<WindowListing> {
  const nonce = newNonce();
  const isDate = /^\d{4}-\d{2}-\d{2}$/.test(snapshotRef);
  const script = `
N="$1"; REF="$2"; DATE="$3"
branch=$(git symbolic-ref -q --short HEAD || echo HEAD)
if [ -n "$REF" ]; then t0=$(git rev-parse -q --verify "$REF^{commit}" || true)
else t0=$(git rev-list -1 --first-parent --before="$DATE" HEAD || true); fi
[ -n "$t0" ] || { echo "no snapshot commit: $REF$DATE names no commit of the default branch" >&2; exit 4; }
git merge-base --is-ancestor "$t0" HEAD || { echo "the snapshot commit is not in the default branch's history" >&2; exit 5; }
echo "$N branch"; echo "$branch"
echo "$N t0"; git log -1 --format='%H %ct' "$t0"
echo "$N commits"; git log --first-parent --reverse --format='%H%x09%P%x09%ct%x09%s' "$t0..HEAD"
`;
  const out = await runGitScript(
    bundleDir,
    script,
    [nonce, isDate ? "" : snapshotRef, isDate ? `${snapshotRef}T23:59:59Z` : ""],
    { what: "listing the window's commits" },
  );
  const sections = splitSections(out, nonce);
  const [sha, ct] = (sections.get("t0") ?? "").trim().split(" ");
  if (!sha || !ct) throw new PermanentJobError("git did not name the snapshot commit.");
  return {
    snapshot: { sha, date: new Date(Number(ct) * 1000) },
    defaultBranch: (sections.get("branch") ?? "").trim(),
    commits: parseCommitList(sections.get("commits") ?? ""),
  };
}

export type CommitDiff = { message: string; stat: string; diff: string; size: number };

/**
 * Each commit's message, file-change statistics and diff against its first parent, the diff cut at its head and tail
 * to `budget` characters (F.2.1). A merge's diff is against its first parent: what the merge brought to the branch.
 */
export async function commitDiffs(
  bundleDir: string,
  shas: readonly string[],
  budget: number,
): Promise<Map<string, CommitDiff>> {
  const nonce = newNonce();
  const half = Math.floor(budget / 2);
  const script = `
N="$1"; B="$2"; H="$3"; shift 3
for c in "$@"; do
  p=$(git rev-parse -q --verify "$c^1" || git hash-object -t tree /dev/null)
  echo "$N $c message"; git log -1 --format=%B "$c" | head -c 20000; echo
  echo "$N $c stat"; git diff --stat=200 "$p" "$c" | tail -n 200
  git diff "$p" "$c" > /tmp/d
  n=$(wc -c < /tmp/d)
  echo "$N $c size"; echo "$n"
  if [ "$n" -gt "$B" ]; then
    echo "$N $c head"; head -c "$H" /tmp/d; echo
    echo "$N $c tail"; tail -c "$H" /tmp/d
  else
    echo "$N $c head"; cat /tmp/d
  fi
done
`;
  const out = await runGitScript(bundleDir, script, [nonce, String(budget), String(half), ...shas], {
    what: "reading commit diffs",
    maxOutputBytes: Math.max(64 * 1024 ** 2, shas.length * (budget + 40_000)),
  });
  const sections = splitSections(out, nonce);
  const result = new Map<string, CommitDiff>();
  for (const sha of shas) {
    const size = Number((sections.get(`${sha} size`) ?? "0").trim());
    const head = sections.get(`${sha} head`) ?? "";
    const tail = sections.get(`${sha} tail`);
    const diff =
      tail === undefined
        ? head
        : `${head}\n[... ${Math.max(0, size - 2 * half)} bytes of the diff omitted ...]\n${tail}`;
    result.set(sha, {
      message: (sections.get(`${sha} message`) ?? "").trim(),
      stat: (sections.get(`${sha} stat`) ?? "").trim(),
      diff: truncateHeadTail(diff, budget + 200),
      size,
    });
  }
  return result;
}

export type BlameRequest = { id: string; parentSha: string; file: string; start: number; end: number };

/**
 * `git blame --line-porcelain` of each candidate's parent-side lines over `T0..parent`: lines older than T0 are
 * blamed to the boundary T0 with their T0 file and line; the range is clipped to the file's length.
 */
export async function blameRanges(
  bundleDir: string,
  snapshotSha: string,
  requests: readonly BlameRequest[],
): Promise<Map<string, BlameLine[] | null>> {
  const nonce = newNonce();
  const script = `
N="$1"; T0="$2"; shift 2
while [ "$#" -ge 5 ]; do
  id="$1"; parent="$2"; file="$3"; s="$4"; e="$5"; shift 5
  echo "$N $id"
  n=$(git show "$parent:$file" 2>/dev/null | wc -l || echo 0)
  [ "$e" -le "$n" ] || e="$n"
  [ "$s" -le "$e" ] || { echo "missing"; continue; }
  git blame --line-porcelain -L "$s,$e" "$T0..$parent" -- "$file" 2>/dev/null || echo "missing"
done
`;
  const args = requests.flatMap((r) => [r.id, r.parentSha, r.file, String(Math.max(1, r.start)), String(r.end)]);
  const out = await runGitScript(bundleDir, script, [nonce, snapshotSha, ...args], { what: "anchoring candidates" });
  const sections = splitSections(out, nonce);
  return new Map(
    requests.map((r) => {
      const text = sections.get(r.id) ?? "missing";
      return [r.id, text.trim() === "missing" ? null : parseLinePorcelain(text)];
    }),
  );
}

export type FileAtSnapshot = { id: string; file: string; commitSha: string };

/**
 * For each request: the file as it is at T0 (at most `maxLines` lines) and the commits that touched it after T0 up
 * to `commitSha` (at most 50, oldest first), the history a presence check or an audit reads.
 */
export async function snapshotFiles(
  bundleDir: string,
  snapshotSha: string,
  requests: readonly FileAtSnapshot[],
  maxLines = 2_000,
): Promise<Map<string, { content: string; history: string }>> {
  const nonce = newNonce();
  const script = `
N="$1"; T0="$2"; M="$3"; shift 3
while [ "$#" -ge 3 ]; do
  id="$1"; file="$2"; c="$3"; shift 3
  echo "$N $id content"; git show "$T0:$file" 2>/dev/null | head -n "$M" || true
  echo "$N $id history"; git log --reverse --format='%h %cs %s' "$T0..$c" -- "$file" 2>/dev/null | tail -n 50 || true
done
`;
  const args = requests.flatMap((r) => [r.id, r.file, r.commitSha]);
  const out = await runGitScript(bundleDir, script, [nonce, snapshotSha, String(maxLines), ...args], {
    what: "reading snapshot files",
  });
  const sections = splitSections(out, nonce);
  return new Map(
    requests.map((r) => [
      r.id,
      { content: sections.get(`${r.id} content`) ?? "", history: (sections.get(`${r.id} history`) ?? "").trim() },
    ]),
  );
}

/** The T0 tree as a gzipped tar (base64 through the sandbox's text output), bounded by the snapshot size limit. */
export async function snapshotArchive(bundleDir: string, snapshotSha: string, maxBytes: number): Promise<Buffer> {
  const out = await runGitScript(bundleDir, 'git archive --format=tar.gz "$1" | base64 -w 0', [snapshotSha], {
    what: "exporting the snapshot's tree",
    maxOutputBytes: Math.ceil(maxBytes * 1.4) + 1024,
  });
  return Buffer.from(out.trim(), "base64");
}
