// Parsers of what git prints in the build's sandbox (worker/features/benchmark-build/git-sandbox.ts). Pure: the
// worker runs git, these read its output. Every section of a script's output is framed by a per-run nonce, so no
// commit message or file content can end a section early.

export type WindowCommit = { sha: string; parentSha: string | null; committedAt: Date; subject: string };

const SHA = /^[0-9a-f]{40}$/;

/** `git log --format=%H%x09%P%x09%ct%x09%s` lines; the first parent is the one a first-parent walk follows. */
export function parseCommitList(text: string): WindowCommit[] {
  const out: WindowCommit[] = [];
  for (const line of text.split("\n")) {
    if (!line) continue;
    const [sha, parents, ct, ...subject] = line.split("\t");
    if (!sha || !SHA.test(sha) || ct === undefined) throw new Error(`unexpected git log line: ${line.slice(0, 120)}`);
    const parentSha = parents?.split(" ")[0] || null;
    out.push({ sha, parentSha, committedAt: new Date(Number(ct) * 1000), subject: subject.join("\t").slice(0, 500) });
  }
  return out;
}

/** The sections `<nonce> <key>\n...` of a script's output, by key, in order of appearance. */
export function splitSections(text: string, nonce: string): Map<string, string> {
  const out = new Map<string, string>();
  const marker = `${nonce} `;
  let key: string | null = null;
  let lines: string[] = [];
  const flush = () => {
    if (key !== null) out.set(key, lines.join("\n"));
  };
  for (const line of text.split("\n")) {
    if (line.startsWith(marker)) {
      flush();
      key = line.slice(marker.length);
      lines = [];
    } else if (key !== null) lines.push(line);
  }
  flush();
  return out;
}

/**
 * A diff cut to `budget` characters from its head and tail (F.2.1: the classifier reads file-change statistics and the
 * diff truncated at the budget's head and tail), saying how much was left out.
 */
export function truncateHeadTail(text: string, budget: number): string {
  if (text.length <= budget) return text;
  const half = Math.floor(budget / 2);
  const omitted = text.length - 2 * half;
  return `${text.slice(0, half)}\n[... ${omitted} characters of the diff omitted ...]\n${text.slice(text.length - half)}`;
}

export type BlameLine = { sha: string; origLine: number; finalLine: number; filename: string; boundary: boolean };

/** `git blame --line-porcelain` output: one record per line of the blamed range. */
export function parseLinePorcelain(text: string): BlameLine[] {
  const out: BlameLine[] = [];
  let current: Partial<BlameLine> | null = null;
  for (const line of text.split("\n")) {
    if (current === null) {
      const m = /^([0-9a-f]{40}) (\d+) (\d+)/.exec(line);
      if (m) current = { sha: m[1]!, origLine: Number(m[2]), finalLine: Number(m[3]), boundary: false };
      continue;
    }
    if (line === "boundary") current.boundary = true;
    else if (line.startsWith("filename ")) current.filename = line.slice("filename ".length);
    else if (line.startsWith("\t")) {
      out.push({ filename: "", ...current } as BlameLine);
      current = null;
    }
  }
  return out;
}

export type Anchor =
  | { kind: "anchored"; file: string; lineStart: number; lineEnd: number; lines: number; temporalLines: number }
  | { kind: "temporal"; introducedBy: string }
  | { kind: "unanchored"; reason: string };

/**
 * Maps the blamed parent-side lines of a candidate back to the snapshot: blame over `T0..parent` gives each line
 * either to a commit after T0 (the line was introduced after the snapshot) or to the boundary T0 itself, with its
 * file and line number there. A candidate none of whose lines existed at T0 is temporal, citing the commit that
 * introduced most of them (the latest on a tie); otherwise it is anchored to the span of its T0 lines in one file.
 */
export function anchorBlame(lines: readonly BlameLine[], snapshotSha: string): Anchor {
  if (lines.length === 0) return { kind: "unanchored", reason: "blame printed no lines for the pinned range" };
  const atSnapshot = lines.filter((l) => l.boundary && l.sha === snapshotSha);
  const later = lines.filter((l) => !l.boundary);
  if (atSnapshot.length === 0) {
    if (later.length === 0)
      return { kind: "unanchored", reason: "the lines trace to commits outside the first-parent history of T0" };
    const counts = new Map<string, number>();
    for (const l of later) counts.set(l.sha, (counts.get(l.sha) ?? 0) + 1);
    const introducedBy = [...counts].reduce((best, c) => (c[1] >= best[1] ? c : best))[0];
    return { kind: "temporal", introducedBy };
  }
  // The file at T0 that holds most of the lines (a range split over a rename keeps the larger part).
  const byFile = new Map<string, BlameLine[]>();
  for (const l of atSnapshot) byFile.set(l.filename, [...(byFile.get(l.filename) ?? []), l]);
  const [file, inFile] = [...byFile].reduce((best, f) => (f[1].length > best[1].length ? f : best));
  const numbers = inFile.map((l) => l.origLine);
  return {
    kind: "anchored",
    file,
    lineStart: Math.min(...numbers),
    lineEnd: Math.max(...numbers),
    lines: inFile.length,
    temporalLines: later.length,
  };
}

/** The changed files of a unified diff (`diff --git a/x b/y`), parent-side paths. */
export function changedFiles(diff: string): string[] {
  const out: string[] = [];
  for (const m of diff.matchAll(/^diff --git a\/(.+?) b\/(.+)$/gm)) out.push(m[1]!);
  return out;
}

/** Lines the diff adds (without the `+`), for the check that a report never quotes the fix. */
export function addedLines(diff: string): string[] {
  return diff
    .split("\n")
    .filter((l) => l.startsWith("+") && !l.startsWith("+++"))
    .map((l) => l.slice(1).trim())
    .filter((l) => l.length >= 12);
}

/** The numbered lines `start..end` of a file's text (1-based, inclusive), clipped to the file. */
export function sliceLines(text: string, start: number, end: number): string {
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines.slice(Math.max(0, start - 1), Math.max(0, end)).join("\n");
}
