import { randomBytes } from "node:crypto";
import { workerSandbox } from "../../../lib/sandbox/choose-sandbox";
import { PermanentJobError } from "../../jobs/job-failure";

// git on an untrusted repository runs only in the sandbox (lib/sandbox: no network, a read-only /repo, a bounded
// tmpfs /tmp, resource limits). The repository's bundle is mounted read-only; each script first clones it, bare
// (no checkout, so no hooks, attributes, submodules or symlinks are ever materialised), into the sandbox's /tmp,
// whose size bounds the repository, then runs its git commands there. Every exec starts from the bundle, so a build
// keeps no writable copy of an untrusted repository on the host. Arguments reach the script as "$@", never inside
// its text.

const PRELUDE = [
  "set -eu",
  // The clone checks every object it receives (a malformed pack is refused, not parsed further).
  "git -c transfer.fsckObjects=true -c fetch.fsckObjects=true clone -q --bare /repo/repo.bundle /tmp/r >/dev/null 2>&1 || { echo 'the git bundle could not be cloned (not a complete bundle of the repository?)' >&2; exit 3; }",
  "cd /tmp/r",
].join("\n");

/** A fresh nonce framing the sections of one script's output (lib/benchmark-build/git-output.ts splitSections). */
export function newNonce(): string {
  return `@@probebench-${randomBytes(12).toString("hex")}@@`;
}

/**
 * Runs `script` (sh, after the clone prelude, in the bare clone) over the bundle in `bundleDir`, with `args` as its
 * positional parameters. Fails the stage for good when git fails or the output passes `maxOutputBytes`.
 */
export async function runGitScript(
  bundleDir: string,
  script: string,
  args: readonly string[],
  opts: { what: string; timeoutMs?: number; maxOutputBytes?: number },
): Promise<string> {
  const choice = await workerSandbox();
  if (!choice.provider)
    throw new PermanentJobError(
      `Building a benchmark runs git on the repository in a sandbox, and this worker has none (${choice.reason}). Install bubblewrap or Docker, or set SANDBOX.`,
    );
  const sandbox = await choice.provider.create({ runId: "benchmark-build", passId: "git", snapshotDir: bundleDir });
  const maxOutputBytes = opts.maxOutputBytes ?? 64 * 1024 ** 2;
  try {
    const result = await sandbox.exec({
      argv: ["sh", "-c", `${PRELUDE}\n${script}`, "sh", ...args],
      timeoutMs: opts.timeoutMs ?? 10 * 60_000,
      maxOutputBytes,
    });
    if (result.timedOut) throw new PermanentJobError(`git timed out while ${opts.what}.`);
    if (result.oomKilled) throw new PermanentJobError(`git ran out of the sandbox's memory while ${opts.what}.`);
    if (result.droppedBytes > 0)
      throw new PermanentJobError(`git printed more than ${maxOutputBytes} bytes while ${opts.what}.`);
    if (result.exitCode !== 0)
      throw new PermanentJobError(
        `git failed while ${opts.what} (exit ${result.exitCode ?? "unknown"}): ${result.stderr.trim().slice(0, 300)}`,
      );
    return result.stdout;
  } finally {
    await sandbox.close();
  }
}
