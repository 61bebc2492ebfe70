import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// A repository whose history a test writes with git, for benchmark builds (docs/building-benchmarks.md): a snapshot
// at T0, then dated commits. Each commit is a set of whole-file contents.

export type HistoryCommit = { message: string; date: string; files: Record<string, string> };

/** Writes the history (T0 first) and returns the repository's directory and each commit's sha, in order. */
export function writeHistory(commits: readonly HistoryCommit[]): { dir: string; shas: string[] } {
  const dir = mkdtempSync(path.join(tmpdir(), "probebench-history-"));
  const git = (args: string[], env: Record<string, string> = {}) =>
    execFileSync("git", args, {
      cwd: dir,
      env: { ...process.env, HOME: dir, GIT_CONFIG_NOSYSTEM: "1", ...env },
    })
      .toString()
      .trim();
  git(["init", "-q", "-b", "main"]);
  const shas: string[] = [];
  for (const c of commits) {
    for (const [file, content] of Object.entries(c.files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), content);
    }
    git(["add", "-A"]);
    const when = { GIT_AUTHOR_DATE: c.date, GIT_COMMITTER_DATE: c.date };
    git(["-c", "user.name=Dev", "-c", "user.email=dev@example.test", "commit", "-q", "-m", c.message], when);
    shas.push(git(["rev-parse", "HEAD"]));
  }
  return { dir, shas };
}

/** `git bundle create repo.bundle --all` of the repository: the bytes an admin uploads. */
export function bundleOf(dir: string): Buffer {
  const file = path.join(dir, "..", `${path.basename(dir)}.bundle`);
  execFileSync("git", ["bundle", "create", "-q", file, "--all"], { cwd: dir });
  return readFileSync(file);
}
