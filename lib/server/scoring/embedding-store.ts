import { db } from "../../db";
import type { Prisma } from "../../generated/prisma/client";
import { insertRows } from "../bulk-insert/insert-rows";

/** The embedding configuration a vector is stored under. */
export type EmbeddingKey = { kind: string; provider: string; model: string; configHash: string };

/** The stored vectors (bytes) of these content hashes under the configuration. */
export function readStoredEmbeddings(contentHashes: string[], key: EmbeddingKey) {
  return db.embedding.findMany({
    where: { contentHash: { in: contentHashes }, ...key },
    select: { contentHash: true, vector: true },
  });
}

/** Stores vectors; a vector another worker stored meanwhile is the same vector (same text, provider and model). */
export async function storeEmbeddings(rows: Prisma.EmbeddingCreateManyInput[]): Promise<void> {
  await insertRows(
    db,
    "Embedding",
    {
      contentHash: "text",
      kind: "text",
      provider: "text",
      model: "text",
      configHash: "text",
      dims: "int4",
      vector: "bytea",
    },
    rows,
    { onConflictDoNothing: true },
  );
}
