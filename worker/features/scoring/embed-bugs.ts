import { HEAVY_ROWS_PER_QUERY } from "../../shared/rows-per-query";
import { createYielder } from "./yielder";
import type { EmbeddingProvider } from "../../../lib/embeddings/provider";
import type { Prisma } from "../../../lib/generated/prisma/client";
import { sha256 } from "../../../lib/hash";
import { descriptionText, fullText } from "../../../lib/scoring/tokenize";
import type { BugText } from "../../../lib/scoring/types";
import { readStoredEmbeddings, storeEmbeddings } from "../../../lib/server/scoring/embedding-store";
import { PermanentJobError } from "../../jobs/job-failure";

export type EmbeddingMaps = { fullText: Map<string, Float32Array>; description: Map<string, Float32Array> };
export type EmbeddingStats = { texts: number; cached: number; embedded: number };

const KINDS = [
  { kind: "fulltext", text: fullText },
  { kind: "description", text: descriptionText },
] as const;

function toBytes(v: Float32Array): Uint8Array<ArrayBuffer> {
  const copy = new Float32Array(v);
  return new Uint8Array(copy.buffer);
}

/**
 * A vector the prefilter can trust: the expected length (the first vector of the provider sets it) and only finite
 * values. A NaN would make every comparison false and silently drop pairs; a short vector would misalign the packed
 * rows. Either is an error of the provider, reported as such.
 */
function checkVector(vector: Float32Array, dims: number, what: string): void {
  if (vector.length !== dims || dims === 0)
    throw invalidVector(`${what}: embedding has ${vector.length} dimensions, expected ${dims}`);
  for (let k = 0; k < vector.length; k++) {
    if (!Number.isFinite(vector[k]!)) throw invalidVector(`${what}: embedding has a non-finite value at ${k}`);
  }
}

const INVALID_VECTOR =
  "The embedding provider returned an invalid vector (wrong length or non-finite values); check EMBEDDING_MODEL and the endpoint.";

/** A broken vector fails the job for good: the same provider answers the same way on a retry. */
function invalidVector(detail: string): PermanentJobError {
  return new PermanentJobError(INVALID_VECTOR, detail);
}

/**
 * The stored vectors of a page of rows, copied into one buffer (one allocation a page instead of one a vector: tens of
 * thousands of small buffers made a rescore's garbage collections long), each vector a view of its part.
 */
function vectorsOf(rows: { vector: Uint8Array }[]): Float32Array[] {
  // Each part starts on a 4-byte boundary; a stored vector of a length not divisible by 4 reads short (checkVector).
  const slots = rows.map((row) => Math.ceil(row.vector.byteLength / 4));
  const slab = new Float32Array(slots.reduce((sum, n) => sum + n, 0));
  const bytes = new Uint8Array(slab.buffer);
  let offset = 0;
  return rows.map((row, i) => {
    bytes.set(row.vector, offset * 4);
    const vector = slab.subarray(offset, offset + Math.floor(row.vector.byteLength / 4));
    offset += slots[i]!;
    return vector;
  });
}

/**
 * Embeds the matcher's two texts of every bug, reading and filling the vector cache keyed by the text's hash,
 * the provider and the model, so a reference set is embedded once across all submissions.
 */
export async function embedBugs(
  bugs: BugText[],
  provider: EmbeddingProvider,
): Promise<{ maps: EmbeddingMaps; stats: EmbeddingStats }> {
  const maps: EmbeddingMaps = { fullText: new Map(), description: new Map() };
  const stats: EmbeddingStats = { texts: 0, cached: 0, embedded: 0 };
  let dims = 0;
  const check = (vector: Float32Array, what: string) => {
    dims ||= vector.length;
    checkVector(vector, dims, what);
  };
  for (const { kind, text } of KINDS) {
    const target = kind === "fulltext" ? maps.fullText : maps.description;
    const byHash = new Map<string, { text: string; ids: string[] }>();
    // Hashing tens of thousands of texts takes a while: the loop hands the event loop back as it goes.
    const maybeYield = createYielder();
    for (const bug of bugs) {
      await maybeYield();
      const t = text(bug);
      const hash = sha256(t);
      const entry = byHash.get(hash);
      if (entry) entry.ids.push(bug.id);
      else byHash.set(hash, { text: t, ids: [bug.id] });
    }
    stats.texts += byHash.size;
    const hashes = [...byHash.keys()];
    const found = new Map<string, Float32Array>();
    // Reads of a few hundred vectors: the client decodes a result in one synchronous stretch. Copying and checking
    // the rows' vectors hands the loop back as it goes (a rescore's read of 250 cached vectors and their copies in one
    // turn was its longest stall at Luna's shape).
    for (let i = 0; i < hashes.length; i += HEAVY_ROWS_PER_QUERY) {
      const rows = await readStoredEmbeddings(hashes.slice(i, i + HEAVY_ROWS_PER_QUERY), {
        kind,
        provider: provider.provider,
        model: provider.model,
        configHash: provider.configHash,
      });
      const vectors = vectorsOf(rows);
      for (const [j, row] of rows.entries()) {
        check(vectors[j]!, `cached ${kind} vector ${row.contentHash}`);
        found.set(row.contentHash, vectors[j]!);
        await maybeYield();
      }
    }
    stats.cached += found.size;
    const missing = hashes.filter((h) => !found.has(h));
    // Chunks of 128: the offline embedder computes a chunk in one synchronous stretch (512 texts took ~100 ms).
    for (let i = 0; i < missing.length; i += 128) {
      const chunk = missing.slice(i, i + 128);
      const vectors = await provider.embed(chunk.map((h) => byHash.get(h)!.text));
      if (vectors.length !== chunk.length)
        throw invalidVector(`the embedding provider returned ${vectors.length} vectors for ${chunk.length} texts`);
      vectors.forEach((vector, j) =>
        check(vector, `${provider.provider}/${provider.model} ${kind} vector of ${chunk[j]}`),
      );
      const rows: Prisma.EmbeddingCreateManyInput[] = chunk.map((hash, j) => ({
        contentHash: hash,
        kind,
        provider: provider.provider,
        model: provider.model,
        configHash: provider.configHash,
        dims: vectors[j]!.length,
        vector: toBytes(vectors[j]!),
      }));
      await storeEmbeddings(rows);
      chunk.forEach((hash, j) => found.set(hash, vectors[j]!));
      stats.embedded += chunk.length;
    }
    for (const [hash, { ids }] of byHash) {
      for (const id of ids) target.set(id, found.get(hash)!);
      await maybeYield();
    }
  }
  return { maps, stats };
}
