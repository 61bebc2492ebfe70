import pMap from "p-map";
import { env } from "../../../lib/env";
import { passLimits } from "../../../lib/agent/budget";
import { AUDIT_TOOL_DEFINITIONS, auditMark, submitAuditTool } from "../../../lib/agent/false-positive-agent";
import {
  countCandidates,
  listKeptCandidates,
  readLastWindowCommit,
  recordCandidateDecision,
} from "../../../lib/server/benchmark-builds/build-candidate-store";
import { agentSessionDir, runAgentSession } from "./agent-session";
import { withRationale, type BuildRepo, type StageContext } from "./build-context";
import { bundleDirOf, snapshotFiles } from "./git-queries";

// Stage 8 (F.3.1): the false-positive audit of every deduplicated bug, an agent session per bug (agent-session.ts)
// with the T0 tree read-only and the later history, given the record and the commits that touched its file after T0
// (to T1's last commit). A flag names one of the four grounds and cites the tool output it rests on, text the
// session saw (lib/agent/false-positive-agent.ts); a session without a verdict keeps its bug, unrated, saying why.
// It marks, it never removes: the paper kept the full reference set after its audit. The marks become the agent
// rater of the version's reference-set audit (§2.2), and maintainers see them beside each candidate before they
// publish.

const AUDIT_PROMPT = "build-false-positive-audit";
const CHUNK = 100;

const AUDIT_AGENT = {
  tools: AUDIT_TOOL_DEFINITIONS,
  submit: submitAuditTool,
  limits: passLimits(env.BUILD_AUDIT_MAX_TURNS, env.BUILD_AUDIT_MAX_TOKENS, env.BUILD_AUDIT_WALL_SECONDS),
};

type Report = { title: string; description: string; severity: string; suggested_fix: string };

export async function runAuditStage(ctx: StageContext, repos: readonly BuildRepo[]) {
  const promptVersion = ctx.promptVersion(AUDIT_PROMPT);
  for (const repo of repos) {
    const pending = await listKeptCandidates(repo.id, "dedup");
    if (pending.length === 0) continue;
    const last = (await readLastWindowCommit(repo.id))?.sha ?? repo.snapshotCommit!;
    const sessionDir = await agentSessionDir(repo);
    for (let i = 0; i < pending.length; i += CHUNK) {
      const chunk = pending.slice(i, i + CHUNK);
      // Only the history of each file: the agent reads the snapshot itself.
      const files = await snapshotFiles(
        bundleDirOf(repo),
        repo.snapshotCommit!,
        chunk.map((c) => ({ id: c.id, file: c.file!, commitSha: last })),
        0,
      );
      await pMap(
        chunk,
        async (c) => {
          const report = c.report as Report;
          const messages = ctx.messagesFor(
            AUDIT_PROMPT,
            {
              record: {
                repository: repo.name,
                snapshot_commit: repo.snapshotCommit,
                fix_commits: [c.commitSha],
                file: c.file,
                line_start: c.lineStart,
                line_end: c.lineEnd,
                title: report.title,
                description: report.description,
                code_snippet: c.codeSnippet ?? "",
                suggested_fix: report.suggested_fix,
              },
              history: { commits_touching_the_file_after_the_snapshot: files.get(c.id)!.history },
            },
            { snapshot: { commit: repo.snapshotCommit! }, window: { last_commit: last } },
          );
          const session = await runAgentSession(ctx, sessionDir, c.id, messages, AUDIT_AGENT);
          const mark = auditMark(session);
          const trail = `${mark.ground ?? "no verdict"}: ${mark.rationale} (agent: ${session.turns} turns, ${session.commands} commands)`;
          await recordCandidateDecision(c.id, {
            stage: "audit",
            auditGround: mark.ground,
            auditModel: ctx.model,
            auditPrompt: promptVersion,
            auditRationale: mark.rationale,
            auditCitedOutput: mark.citedOutput,
            rationale: withRationale(c.rationale, "audit", trail),
          });
        },
        { concurrency: env.BUILD_CONCURRENCY },
      );
    }
  }
  return {
    countOut: await countCandidates(ctx.build.id, { stage: "audit", verdict: "kept", auditGround: { not: "none" } }),
  };
}
