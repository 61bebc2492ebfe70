import pMap from "p-map";
import { env } from "../../../lib/env";
import { createEmbeddingProvider } from "../../../lib/embeddings/provider";
import { dedupReplySchema } from "../../../lib/benchmark-build/replies";
import { DisjointSet } from "../../../lib/scoring/disjoint-set";
import { buildCandidatePairs } from "../../../lib/scoring/prefilter";
import { descriptionText, fullText } from "../../../lib/scoring/tokenize";
import type { BugText } from "../../../lib/scoring/types";
import {
  countCandidates,
  listKeptCandidates,
  recordDedupDecisions,
} from "../../../lib/server/benchmark-builds/build-candidate-store";
import { withRationale, type BuildRepo, type StageContext } from "./build-context";

// Stage 7 (F.2.5): duplicates among the surviving candidates of a repository, with the matcher's machinery: the
// six-signal prefilter (Table 10) proposes pairs, the model judges each with the dedup prompt (same root-cause flaw),
// and the connected components of "same" are one bug each (as repeated runs merge, §A.4). A component keeps its
// earliest-fixed candidate; the others are marked duplicates of it.

type Report = { title: string; description: string; severity: string; suggested_fix: string };

export async function runDedupStage(ctx: StageContext, repos: readonly BuildRepo[]) {
  const embedder = createEmbeddingProvider();
  for (const repo of repos) {
    const kept = await listKeptCandidates(repo.id, "synthesize", true);
    if (kept.length === 0) continue;
    const texts: BugText[] = kept.map((c) => {
      const report = c.report as Report;
      return {
        id: c.id,
        repo: repo.name,
        file: c.file!,
        lineStart: c.lineStart!,
        lineEnd: c.lineEnd!,
        title: report.title,
        description: report.description,
        codeSnippet: c.codeSnippet ?? "",
      };
    });
    const [full, description] = await Promise.all([
      embedder.embed(texts.map(fullText)),
      embedder.embed(texts.map(descriptionText)),
    ]);
    const { pairs } = buildCandidatePairs({
      left: texts,
      embeddings: {
        fullText: new Map(texts.map((t, i) => [t.id, full[i]!])),
        description: new Map(texts.map((t, i) => [t.id, description[i]!])),
      },
    });
    const index = new Map(texts.map((t, i) => [t.id, i]));
    const sets = new DisjointSet(texts.length);
    const why = new Map<string, string>();
    await pMap(
      pairs,
      async (pair) => {
        const a = texts[index.get(pair.leftId)!]!;
        const b = texts[index.get(pair.rightId)!]!;
        const strip = ({ id: _id, ...t }: BugText) => ({
          repository: t.repo,
          file: t.file,
          line_start: t.lineStart,
          line_end: t.lineEnd,
          title: t.title,
          description: t.description,
          code_snippet: t.codeSnippet,
        });
        const reply = await ctx.ask("build-dedup", { a: strip(a), b: strip(b) }, "match_verdict", dedupReplySchema);
        if (reply.match) {
          sets.union(index.get(a.id)!, index.get(b.id)!);
          why.set(`${a.id}|${b.id}`, reply.rationale);
        }
      },
      { concurrency: env.BUILD_CONCURRENCY },
    );
    // The representative of each component: its earliest-fixed member (the list is in fix order).
    const representative = new Map<number, number>();
    texts.forEach((_, i) => {
      const root = sets.find(i);
      if (!representative.has(root)) representative.set(root, i);
    });
    // One transaction per repository: a stage run again finds the repository all done or all pending.
    await recordDedupDecisions(
      kept.map((c, i) => {
        const rep = representative.get(sets.find(i))!;
        const duplicate = rep !== i;
        const repId = texts[rep]!.id;
        const rationale =
          why.get(`${repId}|${c.id}`) ?? why.get(`${c.id}|${repId}`) ?? (duplicate ? "same component" : "distinct");
        return {
          id: c.id,
          data: {
            stage: "dedup",
            ...(duplicate ? { verdict: "duplicate" as const, duplicateOfId: repId } : {}),
            rationale: withRationale(
              c.rationale,
              "dedup",
              duplicate ? `duplicate: ${rationale}` : "no duplicate kept before it",
            ),
          },
        };
      }),
    );
  }
  return {
    countOut: await countCandidates(ctx.build.id, { stage: "dedup", verdict: "kept" }),
  };
}
