import pMap from "p-map";
import { env } from "../../../lib/env";
import { sliceLines } from "../../../lib/benchmark-build/git-output";
import { auditReplySchema } from "../../../lib/benchmark-build/replies";
import {
  countCandidates,
  listKeptCandidates,
  readLastWindowCommit,
  recordCandidateDecision,
} from "../../../lib/server/benchmark-builds/build-candidate-store";
import { withRationale, type BuildRepo, type StageContext } from "./build-context";
import { bundleDirOf, snapshotFiles } from "./git-queries";

// Stage 8 (F.3.1): the false-positive audit of every deduplicated bug, a model call over the record, the snapshot's
// file and the file's history after T0 (to T1's last commit). It marks, it never removes: the paper kept the full
// reference set after its audit. The marks become the agent rater of the version's reference-set audit (§2.2), and
// maintainers see them beside each candidate before they publish.

const AUDIT_PROMPT = "build-false-positive-audit";
const CHUNK = 100;
const CONTEXT_LINES = 150;

type Report = { title: string; description: string; severity: string; suggested_fix: string };

export async function runAuditStage(ctx: StageContext, repos: readonly BuildRepo[]) {
  for (const repo of repos) {
    const pending = await listKeptCandidates(repo.id, "dedup");
    const last = await readLastWindowCommit(repo.id);
    for (let i = 0; i < pending.length; i += CHUNK) {
      const chunk = pending.slice(i, i + CHUNK);
      const files = await snapshotFiles(
        bundleDirOf(repo),
        repo.snapshotCommit!,
        chunk.map((c) => ({ id: c.id, file: c.file!, commitSha: last?.sha ?? repo.snapshotCommit! })),
        1_000_000,
      );
      await pMap(
        chunk,
        async (c) => {
          const report = c.report as Report;
          const file = files.get(c.id)!;
          const from = Math.max(1, c.lineStart! - CONTEXT_LINES);
          const reply = await ctx.ask(
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
              snapshot: {
                file: c.file,
                first_line: from,
                content: sliceLines(file.content, from, c.lineEnd! + CONTEXT_LINES),
              },
              history: { commits_touching_the_file_after_the_snapshot: file.history },
            },
            "false_positive_audit",
            auditReplySchema,
          );
          const cited = reply.citations.length > 0 ? ` [${reply.citations.join("; ")}]` : "";
          await recordCandidateDecision(c.id, {
            stage: "audit",
            auditGround: reply.ground,
            auditModel: ctx.model,
            auditPrompt: ctx.promptVersion(AUDIT_PROMPT),
            auditRationale: `${reply.rationale}${cited}`.slice(0, 4_000),
            rationale: withRationale(c.rationale, "audit", `${reply.ground}: ${reply.rationale}`),
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
