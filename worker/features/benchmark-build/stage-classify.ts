import pMap from "p-map";
import { env } from "../../../lib/env";
import { changedFiles } from "../../../lib/benchmark-build/git-output";
import { classifierReplySchema, extractorReplySchema } from "../../../lib/benchmark-build/replies";
import {
  countBugFixCommits,
  countCandidates,
  insertCandidates,
  listBugFixCommits,
  listExtractedCommits,
  listUnclassifiedCommits,
  recordCommitClassification,
} from "../../../lib/server/benchmark-builds/build-candidate-store";
import { withRationale, type BuildRepo, type StageContext } from "./build-context";
import { bundleDirOf, commitDiffs, type CommitDiff } from "./git-queries";

// Stages 2 and 3: the bug-fix classifier (F.2.1) over every commit of the window, then the extractor (F.2.2) over
// the bug-fix commits. Both read the commit's message, statistics and diff cut to BUILD_DIFF_BUDGET_CHARS. A stage
// that runs again asks only for commits not yet decided.

const CHUNK = 100;

function commitInput(repo: string, sha: string, d: CommitDiff) {
  return { repository: repo, commit: sha, message: d.message, file_changes: d.stat, diff: d.diff, diff_bytes: d.size };
}

/** `each` over the commits, CHUNK at a time: each chunk's diffs read in one git call, its commits asked in parallel. */
async function forEachCommitDiff<C extends { sha: string }>(
  repo: BuildRepo,
  commits: readonly C[],
  each: (commit: C, diff: CommitDiff) => Promise<void>,
): Promise<void> {
  for (let i = 0; i < commits.length; i += CHUNK) {
    const chunk = commits.slice(i, i + CHUNK);
    const diffs = await commitDiffs(
      bundleDirOf(repo),
      chunk.map((c) => c.sha),
      env.BUILD_DIFF_BUDGET_CHARS,
    );
    await pMap(chunk, (c) => each(c, diffs.get(c.sha)!), { concurrency: env.BUILD_CONCURRENCY });
  }
}

export async function runClassifyStage(ctx: StageContext, repos: readonly BuildRepo[]) {
  for (const repo of repos) {
    await forEachCommitDiff(repo, await listUnclassifiedCommits(repo.id), async (c, d) => {
      const reply = await ctx.ask(
        "build-bugfix-classifier",
        { commit: commitInput(repo.name, c.sha, d) },
        "bugfix_classification",
        classifierReplySchema,
      );
      await recordCommitClassification(c.id, {
        isBugFix: reply.is_bug_fix,
        confidence: reply.confidence,
        rationale: reply.rationale,
      });
    });
  }
  return { countOut: await countBugFixCommits(ctx.build.id) };
}

export async function runExtractStage(ctx: StageContext, repos: readonly BuildRepo[]) {
  for (const repo of repos) {
    const fixes = await listBugFixCommits(repo.id);
    const done = await listExtractedCommits(repo.id);
    const pending = fixes.filter((f) => !done.has(f.sha));
    await forEachCommitDiff(repo, pending, async (c, d) => {
      const reply = await ctx.ask(
        "build-bug-extractor",
        { commit: commitInput(repo.name, c.sha, d) },
        "bug_extraction",
        extractorReplySchema,
      );
      // A pin must name a file the commit changed, parent side; anything else cannot be anchored.
      const files = new Set(changedFiles(d.diff));
      const bugs = reply.bugs.filter((b) => files.has(b.file) && (b.insertion || b.line_start >= 1));
      await insertCandidates(
        bugs.map((b, ordinal) => ({
          buildId: ctx.build.id,
          repositoryId: repo.id,
          commitSha: c.sha,
          fixedAt: c.committedAt,
          ordinal,
          parentFile: b.file,
          parentLineStart: b.line_start,
          parentLineEnd: b.insertion ? b.line_start : Math.max(b.line_start, b.line_end),
          insertion: b.insertion,
          summary: b.summary,
          stage: "extract",
          rationale: withRationale({}, "extract", reply.rationale),
        })),
      );
    });
  }
  return { countOut: await countCandidates(ctx.build.id) };
}
