import { describe, expect, it } from "vitest";
import { cosine } from "../scoring/signals";
import { embedOffline, OFFLINE_EMBEDDING_MODEL } from "./offline-embedder";

const norm = (v: Float32Array) => Math.sqrt(v.reduce((sum, x) => sum + x * x, 0));

describe("embedOffline", () => {
  it("is deterministic, 384-dim by default and unit length", () => {
    const text = "Off-by-one in readChunk drops the last byte";
    const a = embedOffline(text);
    expect(a).toHaveLength(384);
    expect(a).toEqual(embedOffline(text));
    expect(norm(a)).toBeCloseTo(1, 5);
    expect(cosine(a, embedOffline(text))).toBeCloseTo(1, 6);
    expect(embedOffline(text, 64)).toHaveLength(64);
    expect(OFFLINE_EMBEDDING_MODEL).toBe("offline-hash-384-v1");
  });

  it("gives the zero vector for text without words", () => {
    expect(norm(embedOffline(" -- !! "))).toBe(0);
  });

  it("puts related bug descriptions closer than unrelated ones", () => {
    const reference = embedOffline("Null pointer dereference in parseHeader when the header is missing");
    const paraphrase = embedOffline("parse_header dereferences a null pointer if the header is absent");
    const unrelated = embedOffline("Pagination loop skips the last page of results because of an off-by-one bound");
    const related = cosine(reference, paraphrase);
    expect(related).toBeGreaterThan(cosine(reference, unrelated) + 0.2);
    expect(related).toBeGreaterThan(cosine(paraphrase, unrelated) + 0.2);
  });

  it("splits camelCase and snake_case so prose meets identifiers", () => {
    const code = embedOffline("readTimeoutSeconds");
    expect(cosine(code, embedOffline("read timeout seconds"))).toBeGreaterThan(
      cosine(code, embedOffline("write buffer size")) + 0.2,
    );
  });
});
