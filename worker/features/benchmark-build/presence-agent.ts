import { existsSync } from "node:fs";
import { copyFile, link, mkdir } from "node:fs/promises";
import path from "node:path";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { env } from "../../../lib/env";
import { runAgentLoop } from "../../../lib/agent/agent-loop";
import {
  PRESENCE_HISTORY_BUNDLE,
  PRESENCE_SNAPSHOT_DIR,
  PRESENCE_TOOL_DEFINITIONS,
  presenceAtLimit,
  submitPresenceTool,
  withHistory,
  type PresenceReply,
} from "../../../lib/agent/presence-agent";
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

// One presence check as an agent session (F.2.3; lib/agent/presence-agent.ts): a fresh sandbox per
// candidate whose read-only /repo holds the T0 tree (the commits stage's export read with the snapshot rules, written
// canonical and extracted: no link leaves the tree) and the repository's bundle, which a `run` command clones bare into its /tmp
// (every object checked, nothing checked out). The agent loop of the in-house audits runs the tools there; each turn
// goes through the stage's budget, and a session is bounded by BUILD_PRESENCE_MAX_TURNS, _MAX_TOKENS and
// _WALL_SECONDS. The sandbox has no network and is removed when the session ends.

/** The directory the sessions of a repository mount: the T0 tree and the history's bundle (made once per build). */
export async function presenceSessionDir(repo: BuildRepo): Promise<string> {
  const bundleDir = bundleDirOf(repo);
  const dir = path.join(bundleDir, "presence");
  await mkdir(dir, { recursive: true, mode: 0o755 });
  const tree = path.join(dir, PRESENCE_SNAPSHOT_DIR);
  if (!existsSync(tree)) {
    // git's export holds directories and modes the canonical form leaves out: read with the snapshot rules (as the
    // import at publish does), written canonical, then extracted like any snapshot.
    const canonical = path.join(dir, "snapshot.canonical.tar.gz");
    const { entries } = await readSourceTree(path.join(bundleDir, SNAPSHOT_ARCHIVE), snapshotLimits());
    await writeCanonicalTarGz(entries, canonical);
    await extractSnapshot(canonical, tree, snapshotLimits());
  }
  const history = path.join(dir, PRESENCE_HISTORY_BUNDLE);
  if (!existsSync(history)) await link(repo.bundlePath!, history).catch(() => copyFile(repo.bundlePath!, history));
  return dir;
}

export type PresenceSession = { reply: PresenceReply; turns: number; commands: number };

export async function checkPresenceWithAgent(
  ctx: StageContext,
  sessionDir: string,
  candidateId: string,
  messages: ChatCompletionMessageParam[],
): Promise<PresenceSession> {
  const choice = await workerSandbox();
  if (!choice.provider)
    throw new PermanentJobError(
      `The presence check runs an agent in a sandbox, and this worker has none (${choice.reason}). Install bubblewrap or Docker, or set SANDBOX.`,
    );
  const sandbox = await choice.provider.create({
    runId: "benchmark-build",
    passId: `presence-${candidateId}`,
    snapshotDir: sessionDir,
  });
  const limits = {
    maxTurns: env.BUILD_PRESENCE_MAX_TURNS,
    maxTokens: env.BUILD_PRESENCE_MAX_TOKENS,
    wallMs: env.BUILD_PRESENCE_WALL_SECONDS * 1000,
  };
  const started = Date.now();
  let commands = 0;
  try {
    const result = await runAgentLoop<PresenceReply>(messages, {
      repo: sessionDir,
      limits,
      submit: submitPresenceTool,
      complete: (turn) => ctx.completeWithTools(turn, PRESENCE_TOOL_DEFINITIONS),
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
    const reply = result.outcome === "submitted" ? result.findings : presenceAtLimit(result.reason);
    return { reply, turns: result.turns, commands };
  } finally {
    await sandbox
      .close()
      .catch((error) => log.error({ err: error, candidateId }, "could not remove the sandbox of a presence check"));
  }
}
