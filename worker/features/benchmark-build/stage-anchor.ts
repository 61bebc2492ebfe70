import { anchorBlame, sliceLines } from "../../../lib/benchmark-build/git-output";
import {
  countCandidates,
  listKeptCandidates,
  readBugFixParents,
  recordCandidateDecision,
} from "../../../lib/server/benchmark-builds/build-candidate-store";
import { withRationale, type BuildRepo, type StageContext } from "./build-context";
import { blameRanges, bundleDirOf, snapshotFiles } from "./git-queries";

// Stage 4 (deterministic): each candidate's parent-side lines mapped back to T0 through git's own diff (blame over
// T0..parent). A candidate none of whose lines existed at T0 is dropped as temporal, citing the commit that
// introduced them; the others are pinned to their T0 file and lines, with the T0 code as their snippet. An additive
// fix's insertion point is anchored by the lines around it.

const CHUNK = 200;

export async function runAnchorStage(ctx: StageContext, repos: readonly BuildRepo[]) {
  for (const repo of repos) {
    if (!repo.snapshotCommit) throw new Error(`repository ${repo.name} has no snapshot commit`);
    const parents = await readBugFixParents(repo.id);
    const pending = await listKeptCandidates(repo.id, "extract");
    for (let i = 0; i < pending.length; i += CHUNK) {
      const chunk = pending.slice(i, i + CHUNK);
      const requests = chunk.map((c) => ({
        id: c.id,
        parentSha: parents.get(c.commitSha) ?? c.commitSha,
        file: c.parentFile,
        start: c.insertion ? Math.max(1, c.parentLineStart) : c.parentLineStart,
        end: c.insertion ? c.parentLineStart + 1 : c.parentLineEnd,
      }));
      const blamed = await blameRanges(bundleDirOf(repo), repo.snapshotCommit, requests);
      const anchored: { id: string; file: string; start: number; end: number }[] = [];
      for (const c of chunk) {
        const lines = blamed.get(c.id);
        const anchor = lines
          ? anchorBlame(lines, repo.snapshotCommit)
          : { kind: "unanchored" as const, reason: "the pinned lines are not in the file at the fix's parent" };
        if (anchor.kind === "anchored") {
          anchored.push({ id: c.id, file: anchor.file, start: anchor.lineStart, end: anchor.lineEnd });
          await recordCandidateDecision(c.id, {
            stage: "anchor",
            file: anchor.file,
            lineStart: anchor.lineStart,
            lineEnd: anchor.lineEnd,
            rationale: withRationale(
              c.rationale,
              "anchor",
              `${anchor.lines} pinned line(s) trace to ${anchor.file}:${anchor.lineStart}-${anchor.lineEnd} at the snapshot` +
                (anchor.temporalLines > 0 ? `; ${anchor.temporalLines} were added after it` : ""),
            ),
          });
        } else {
          await recordCandidateDecision(c.id, {
            stage: "anchor",
            verdict: "dropped",
            ground: anchor.kind === "temporal" ? "temporal" : "unanchored",
            introducedBy: anchor.kind === "temporal" ? anchor.introducedBy : null,
            rationale: withRationale(
              c.rationale,
              "anchor",
              anchor.kind === "temporal"
                ? `the pinned lines were introduced after the snapshot by ${anchor.introducedBy}`
                : anchor.reason,
            ),
          });
        }
      }
      // The T0 code of each anchored candidate: its snippet in every later stage and in the published record.
      const files = await snapshotFiles(
        bundleDirOf(repo),
        repo.snapshotCommit,
        anchored.map((a) => ({ id: a.id, file: a.file, commitSha: repo.snapshotCommit! })),
        1_000_000,
      );
      for (const a of anchored)
        await recordCandidateDecision(a.id, {
          codeSnippet: sliceLines(files.get(a.id)?.content ?? "", a.start, a.end).slice(0, 10_000),
        });
    }
  }
  return {
    countOut: await countCandidates(ctx.build.id, { stage: { not: "extract" }, verdict: "kept" }),
  };
}
