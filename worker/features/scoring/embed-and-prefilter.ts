import type { EmbeddingProvider } from "../../../lib/embeddings/provider";
import { PAPER_THRESHOLDS } from "../../../lib/scoring/thresholds";
import { embedBugs } from "./embed-bugs";
import type { LoadedFinding, ReferenceSide } from "./load-scoring-input";
import { prefilterInThread } from "./prefilter-client";
import type { Progress } from "./scoring-types";

// Embed and prefilter. Each run against the reference set on its own (a run's score never depends on the other runs),
// then, for several runs, each run against itself and each pair of runs for duplicate candidates (§A.4 merges
// duplicates within and across runs): in the prefilter thread, which hands back compact buffers of kept pairs.

/**
 * The findings' embeddings, then the prefilter in its thread. The vectors are not needed past it, and are not kept:
 * tens of thousands of them would stay reachable for the rest of a long scoring otherwise.
 */
export async function embedAndPrefilter(
  reference: ReferenceSide,
  runs: { findings: LoadedFinding[] }[],
  embedder: EmbeddingProvider,
  timings: { embedMs: number; prefilterMs: number },
  progress: Progress,
) {
  let t = Date.now();
  const { maps } = await embedBugs(
    runs.flatMap((run) => run.findings),
    embedder,
  );
  timings.embedMs = Date.now() - t;
  await progress(10);
  t = Date.now();
  const result = await prefilterInThread({
    referenceKey: reference.key,
    reference: { bugs: reference.refs, embeddings: reference.embeddings },
    runs: runs.map((run) => run.findings),
    embeddings: maps,
    thresholds: PAPER_THRESHOLDS,
    onProgress: (done, total) =>
      void progress(10 + Math.floor((15 * done) / Math.max(total, 1))).catch(() => undefined),
  });
  timings.prefilterMs = Date.now() - t;
  return result;
}
