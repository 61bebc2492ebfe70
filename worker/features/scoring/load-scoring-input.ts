import { HEAVY_ROWS_PER_QUERY, ROWS_PER_QUERY } from "../../shared/rows-per-query";
import type { EmbeddingProvider } from "../../../lib/embeddings/provider";
import { sha256 } from "../../../lib/hash";
import { judgeTextOf, type JudgeText } from "../../../lib/llm/judge-messages";
import type { Embeddings } from "../../../lib/scoring/prefilter";
import type { BugText } from "../../../lib/scoring/types";
import {
  lastFindingOrdinal,
  listReferenceBugKeys,
  readReferenceBugTexts,
  readRunFindings,
  readSubmissionToScore,
} from "../../../lib/server/scoring/scoring-input-store";
import { embedBugs } from "./embed-bugs";
import { createYielder } from "./yielder";

// Loads what scoring reads. The reference side (texts and embeddings) depends only on the benchmark version's
// reference bugs and the embedding provider, so it is loaded once per process and version and reused by every run and
// every submission scored against that version; its token sets and IDF inputs are prepared once as well, in the
// prefilter thread (prefilter-client.ts), which keeps them under the same key.

export type LoadedBug = BugText & { hash: string; judgeText: JudgeText };
/** A finding also has the text judged for cross-run duplicates: its description with the suggested fix (§A.4). */
export type LoadedFinding = LoadedBug & { runIndex: number; duplicateHash: string; duplicateText: JudgeText };

/** `key` names the exact texts and embedding provider (the prefilter thread keeps its prepared side under it). */
export type ReferenceSide = { key: string; refs: LoadedBug[]; embeddings: Embeddings };

type BugRow = Omit<BugText, "repo"> & { repositoryId: string; contentHash: string };

function toBug(row: BugRow, repo: string): LoadedBug {
  const text = judgeTextOf(row, repo);
  return { id: row.id, ...text, hash: row.contentHash, judgeText: text };
}

/** Cross-run duplicates are judged with suggested fixes appended to descriptions (§A.4: repeated-run merging). */
function duplicateText(bug: LoadedBug, suggestedFix: string | null): { text: JudgeText; hash: string } {
  if (!suggestedFix) return { text: bug.judgeText, hash: bug.hash };
  const text = { ...bug.judgeText, description: `${bug.judgeText.description}\n\nSuggested fix: ${suggestedFix}` };
  return { text, hash: sha256(JSON.stringify(["with-fix", bug.hash, suggestedFix])) };
}

const referenceMemo = new Map<string, ReferenceSide>();
const MEMO_ENTRIES = 2;

/**
 * The reference side of a benchmark version, prepared once per process for its exact reference texts. Its key is
 * read first (ids and content hashes, light rows), so a rescore against a prepared version reads no texts at all.
 */
async function loadReferenceSide(
  benchmarkId: string,
  repoName: Map<string, string>,
  embedder: EmbeddingProvider,
): Promise<ReferenceSide> {
  // The key's rows in pages by id (a version may hold 200,000 bugs), then the texts 250 at a time.
  const keys: { id: string; repositoryId: string; contentHash: string }[] = [];
  for (let page = ROWS_PER_QUERY; page === ROWS_PER_QUERY;) {
    const after = keys.at(-1)?.id;
    const rows = await listReferenceBugKeys(benchmarkId, after, ROWS_PER_QUERY);
    keys.push(...rows);
    page = rows.length;
  }
  // Keyed by the texts themselves, so a re-imported version is never served stale.
  const key = sha256(
    JSON.stringify([benchmarkId, embedder.configHash, keys.map((r) => [r.id, r.repositoryId, r.contentHash])]),
  );
  const hit = referenceMemo.get(key);
  if (hit) return hit;
  const ids = keys.map((r) => r.id);
  const refs: LoadedBug[] = [];
  for (let from = 0; from < ids.length; from += HEAVY_ROWS_PER_QUERY) {
    const rows = await readReferenceBugTexts(ids.slice(from, from + HEAVY_ROWS_PER_QUERY));
    for (const r of rows) refs.push(toBug(r, repoName.get(r.repositoryId)!));
  }
  // The texts must be those the key names; a version changed in between fails this attempt, and the retry reads again.
  if (refs.length !== keys.length || refs.some((r, i) => r.hash !== keys[i]!.contentHash))
    throw new Error(`the reference bugs of benchmark ${benchmarkId} changed while they were read`);
  const { maps } = await embedBugs(refs, embedder);
  const side: ReferenceSide = { key, refs, embeddings: maps };
  referenceMemo.set(key, side);
  while (referenceMemo.size > MEMO_ENTRIES) referenceMemo.delete(referenceMemo.keys().next().value!);
  return side;
}

/** The submission, its runs' findings (run order, then file order) and the reference side. */
export async function loadScoringInput(submissionId: string, embedder: EmbeddingProvider) {
  const submission = await readSubmissionToScore(submissionId);
  if (!submission) throw new Error(`submission ${submissionId} does not exist`);
  const repoName = new Map(submission.benchmark.repositories.map((r) => [r.id, r.name]));
  const reference = await loadReferenceSide(submission.benchmarkId, repoName, embedder);
  const runs: { id: string; findings: LoadedFinding[] }[] = [];
  const maybeYield = createYielder();
  for (const [runIndex, run] of submission.runs.entries()) {
    // Pages of a few hundred findings: the client decodes a result in one synchronous stretch.
    const findings: LoadedFinding[] = [];
    const last = await lastFindingOrdinal(run.id);
    for (let from = 0; from <= (last ?? -1); from += HEAVY_ROWS_PER_QUERY) {
      const page = await readRunFindings(run.id, from, from + HEAVY_ROWS_PER_QUERY);
      for (const row of page) {
        const bug = toBug(row, repoName.get(row.repositoryId)!);
        const duplicate = duplicateText(bug, row.suggestedFix);
        findings.push({ ...bug, runIndex, duplicateHash: duplicate.hash, duplicateText: duplicate.text });
        await maybeYield();
      }
    }
    runs.push({ id: run.id, findings });
  }
  return { submission, reference, runs };
}
