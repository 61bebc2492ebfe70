import pMap from "p-map";
import { env } from "../../../lib/env";
import { passLimits } from "../../../lib/agent/budget";
import { PRESENCE_TOOL_DEFINITIONS, presenceAtLimit, submitPresenceTool } from "../../../lib/agent/presence-agent";
import { addedLines } from "../../../lib/benchmark-build/git-output";
import { presenceOutcome, quotedFixLine, reportReplySchema } from "../../../lib/benchmark-build/replies";
import {
  countCandidates,
  listKeptCandidates,
  recordCandidateDecision,
  type BuildCandidate,
} from "../../../lib/server/benchmark-builds/build-candidate-store";
import { withRationale, type BuildRepo, type StageContext } from "./build-context";
import { bundleDirOf, commitDiffs, snapshotFiles } from "./git-queries";
import { agentSessionDir, runAgentSession } from "./agent-session";

// Stages 5 and 6. The presence check (F.2.3) is an agent session in the sandbox (agent-session.ts) with a read-only
// checkout of T0 and the later history, given the candidate, the commits that touched its file between T0 and the fix,
// and the fix's diff; a drop must name one of the four grounds, otherwise the candidate stays (with low confidence
// when the agent believed it absent or ended without a verdict). Report synthesis (F.2.4) writes the record in the present tense about T0; the snippet is the
// T0 code the anchoring read, never the model's, and a report that quotes a line the fix added is flagged.

const CHUNK = 100;

const PRESENCE_AGENT = {
  tools: PRESENCE_TOOL_DEFINITIONS,
  submit: submitPresenceTool,
  limits: passLimits(env.BUILD_PRESENCE_MAX_TURNS, env.BUILD_PRESENCE_MAX_TOKENS, env.BUILD_PRESENCE_WALL_SECONDS),
};

function candidateInput(repo: string, c: BuildCandidate) {
  return {
    repository: repo,
    file: c.file,
    line_start: c.lineStart,
    line_end: c.lineEnd,
    code_snippet: c.codeSnippet ?? "",
    summary: c.summary,
    fix_only_adds_lines: c.insertion,
  };
}

async function repairs(repo: BuildRepo, chunk: readonly BuildCandidate[]) {
  return commitDiffs(bundleDirOf(repo), [...new Set(chunk.map((c) => c.commitSha))], env.BUILD_DIFF_BUDGET_CHARS);
}

export async function runPresenceStage(ctx: StageContext, repos: readonly BuildRepo[]) {
  for (const repo of repos) {
    const pending = await listKeptCandidates(repo.id, "anchor");
    if (pending.length === 0) continue;
    const sessionDir = await agentSessionDir(repo);
    for (let i = 0; i < pending.length; i += CHUNK) {
      const chunk = pending.slice(i, i + CHUNK);
      const [files, diffs] = await Promise.all([
        // Only the history of each file: the agent reads the snapshot itself.
        snapshotFiles(
          bundleDirOf(repo),
          repo.snapshotCommit!,
          chunk.map((c) => ({ id: c.id, file: c.file!, commitSha: c.commitSha })),
          0,
        ),
        repairs(repo, chunk),
      ]);
      await pMap(
        chunk,
        async (c) => {
          const messages = ctx.messagesFor(
            "build-presence-agent",
            {
              candidate: candidateInput(repo.name, c),
              history: { commits_touching_the_file_after_the_snapshot: files.get(c.id)!.history },
              repair: { commit: c.commitSha, diff: diffs.get(c.commitSha)?.diff ?? "" },
            },
            { snapshot: { commit: repo.snapshotCommit! } },
          );
          const session = await runAgentSession(ctx, sessionDir, c.id, messages, PRESENCE_AGENT);
          const reply = "reply" in session ? session.reply : presenceAtLimit(session.limit);
          const outcome = presenceOutcome(reply);
          await recordCandidateDecision(c.id, {
            stage: "presence",
            ...(outcome.verdict === "dropped"
              ? { verdict: "dropped", ground: outcome.ground }
              : { lowConfidence: outcome.lowConfidence }),
            rationale: withRationale(
              c.rationale,
              "presence",
              `${reply.evidence} (agent: ${session.turns} turns, ${session.commands} commands)`,
            ),
          });
        },
        { concurrency: env.BUILD_CONCURRENCY },
      );
    }
  }
  return {
    countOut: await countCandidates(ctx.build.id, { stage: "presence", verdict: "kept" }),
  };
}

export async function runSynthesizeStage(ctx: StageContext, repos: readonly BuildRepo[]) {
  for (const repo of repos) {
    const pending = await listKeptCandidates(repo.id, "presence");
    for (let i = 0; i < pending.length; i += CHUNK) {
      const chunk = pending.slice(i, i + CHUNK);
      const diffs = await repairs(repo, chunk);
      await pMap(
        chunk,
        async (c) => {
          const diff = diffs.get(c.commitSha)?.diff ?? "";
          const report = await ctx.ask(
            "build-report-synthesis",
            { candidate: candidateInput(repo.name, c), repair: { diff } },
            "bug_report",
            reportReplySchema,
          );
          const quoted = quotedFixLine(report, addedLines(diff));
          await recordCandidateDecision(c.id, {
            stage: "synthesize",
            report,
            ...(quoted ? { lowConfidence: true } : {}),
            rationale: withRationale(
              c.rationale,
              "synthesize",
              quoted
                ? `the report quotes a line the fix added ("${quoted.slice(0, 120)}"): a maintainer should edit it`
                : "report written",
            ),
          });
        },
        { concurrency: env.BUILD_CONCURRENCY },
      );
    }
  }
  const n = await countCandidates(ctx.build.id, { stage: "synthesize", verdict: "kept" });
  return { countOut: n };
}
