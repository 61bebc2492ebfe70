import { existsSync } from "node:fs";
import { copyFile, link, mkdir } from "node:fs/promises";
import path from "node:path";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { runAgentLoop, type SubmitTool } from "../../../lib/agent/agent-loop";
import type { PassLimits } from "../../../lib/agent/budget";
import { SESSION_HISTORY_BUNDLE, SESSION_SNAPSHOT_DIR, withHistory } from "../../../lib/agent/build-session";
import { SNAPSHOT_ARCHIVE } from "../../../lib/server/benchmark-builds/build-storage";
import { workerSandbox } from "../../../lib/sandbox/choose-sandbox";
import { extractSnapshot } from "../../../lib/sandbox/extract-snapshot";
import { writeCanonicalTarGz } from "../../../lib/snapshots/canonical-tar";
import { readSourceTree } from "../../../lib/snapshots/read-source-tree";
import { snapshotLimits } from "../../../lib/server/snapshots/snapshot-limits";
import { log } from "../../../lib/observability/log";
import { PermanentJobError } from "../../jobs/job-failure";
import type { BuildRepo, StageContext } from "./build-context";
import { bundleDirOf } from "./git-queries";

// One agent session of a build stage (the presence check, F.2.3; the false-positive audit, F.3.1;
// lib/agent/build-session.ts): a fresh sandbox per candidate whose read-only /repo holds the T0 tree (the commits
// stage's export read with the snapshot rules, written canonical and extracted: no link leaves the tree) and the
// repository's bundle, which a `run` command clones bare into its /tmp (every object checked, nothing checked out).
// The agent loop of the in-house audits runs the tools there; each turn goes through the stage's budget, and a
// session is bounded by the stage's turns, tokens and wall time. The sandbox has no network and is removed when the
// session ends.

/** The directory the sessions of a repository mount: the T0 tree and the history's bundle (made once per build). */
export async function agentSessionDir(repo: BuildRepo): Promise<string> {
  const bundleDir = bundleDirOf(repo);
  const dir = path.join(bundleDir, "sessions");
  await mkdir(dir, { recursive: true, mode: 0o755 });
  const tree = path.join(dir, SESSION_SNAPSHOT_DIR);
  if (!existsSync(tree)) {
    // git's export holds directories and modes the canonical form leaves out: read with the snapshot rules (as the
    // import at publish does), written canonical, then extracted like any snapshot.
    const canonical = path.join(dir, "snapshot.canonical.tar.gz");
    const { entries } = await readSourceTree(path.join(bundleDir, SNAPSHOT_ARCHIVE), snapshotLimits());
    await writeCanonicalTarGz(entries, canonical);
    await extractSnapshot(canonical, tree, snapshotLimits());
  }
  const history = path.join(dir, SESSION_HISTORY_BUNDLE);
  if (!existsSync(history)) await link(repo.bundlePath!, history).catch(() => copyFile(repo.bundlePath!, history));
  return dir;
}

type SessionResult<T> = ({ reply: T } | { limit: string }) & { turns: number; commands: number };

/** Runs one session: `messages` to start, `tools` and `submit` to end it, within `limits`. */
export async function runAgentSession<T>(
  ctx: StageContext,
  sessionDir: string,
  sessionId: string,
  messages: ChatCompletionMessageParam[],
  agent: { tools: readonly object[]; submit: SubmitTool<T>; limits: PassLimits },
): Promise<SessionResult<T>> {
  const choice = await workerSandbox();
  if (!choice.provider)
    throw new PermanentJobError(
      `The ${ctx.claim.stage} stage runs an agent in a sandbox, and this worker has none (${choice.reason}). Install bubblewrap or Docker, or set SANDBOX.`,
    );
  const sandbox = await choice.provider.create({
    runId: "benchmark-build",
    passId: `${ctx.claim.stage}-${sessionId}`,
    snapshotDir: sessionDir,
  });
  const { limits } = agent;
  const started = Date.now();
  let commands = 0;
  try {
    const result = await runAgentLoop<T>(messages, {
      repo: sessionDir,
      limits,
      submit: agent.submit,
      complete: (turn) => ctx.completeWithTools(turn, agent.tools),
      exec: ({ tool, argv, timeoutMs, maxOutputBytes }) => {
        commands++;
        // No command outlives the session's wall time.
        const left = Math.max(1_000, limits.wallMs - (Date.now() - started));
        return sandbox.exec({
          argv: tool === "run" ? withHistory(argv) : argv,
          timeoutMs: Math.min(timeoutMs, left),
          maxOutputBytes,
        });
      },
      afterTurn: async () => null,
      now: () => Date.now(),
    });
    const end = result.outcome === "submitted" ? { reply: result.findings } : { limit: result.reason };
    return { ...end, turns: result.turns, commands };
  } finally {
    await sandbox
      .close()
      .catch((error) =>
        log.error({ err: error, sessionId }, `could not remove the sandbox of a ${ctx.claim.stage} session`),
      );
  }
}
