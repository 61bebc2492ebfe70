// The OpenAI-compatible embedding provider against the fake server's /embeddings (which embeds with the offline
// embedder, so the expected vectors are known). In-process, no database.

import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeOpenAi } from "../../tests/support/fake-openai";
import { embedOffline } from "./offline-embedder";
import { OfflineEmbeddingProvider, OpenAiEmbeddingProvider } from "./provider";

type Fake = Awaited<ReturnType<typeof startFakeOpenAi>>;

/** Forwards to the fake and returns the vectors of each reply in reverse order: only `index` tells them apart. */
async function startReversingProxy(targetUrl: string) {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const upstream = await fetch(`${targetUrl}${req.url!.replace(/^\/v1/, "")}`, {
        method: req.method,
        headers: { "content-type": "application/json", authorization: req.headers.authorization ?? "" },
        body: Buffer.concat(chunks),
      });
      const body = await upstream.json();
      if (Array.isArray(body.data)) body.data.reverse();
      res.writeHead(upstream.status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const texts = Array.from({ length: 7 }, (_, i) => `Report ${i}: parse_header drops byte ${i * 13} of the buffer`);
const provider = (baseURL: string, batchSize: number) =>
  new OpenAiEmbeddingProvider("all-minilm", { apiKey: "test-key", baseURL, batchSize, timeoutMs: 5_000, retries: 2 });

let fake: Fake;
let reversing: Awaited<ReturnType<typeof startReversingProxy>>;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  reversing = await startReversingProxy(fake.url);
});

afterAll(async () => {
  await reversing.close();
  await fake.close();
});

beforeEach(() => {
  Object.assign(fake.control, { latencyMs: 0, failNext: 0, failStatus: 500, malformedNext: 0, rationaleSuffix: "" });
  Object.assign(fake.stats, { chatCalls: 0, embeddingCalls: 0, failuresServed: 0 });
});

describe("OpenAiEmbeddingProvider against the fake /embeddings", () => {
  it("sends inputs in batches of batchSize and returns one vector per text, in input order", async () => {
    const vectors = await provider(fake.url, 3).embed(texts);
    expect(fake.stats.embeddingCalls).toBe(3); // 3 + 3 + 1
    expect(vectors).toHaveLength(texts.length);
    vectors.forEach((vector, i) => expect(vector).toEqual(embedOffline(texts[i]!)));
  });

  it("orders each batch by the reply's index, not by the order of the data array", async () => {
    const vectors = await provider(reversing.url, 4).embed(texts);
    vectors.forEach((vector, i) => expect(vector).toEqual(embedOffline(texts[i]!)));
  });

  it("retries a transient failure of a batch", async () => {
    Object.assign(fake.control, { failNext: 1, failStatus: 502 });
    const vectors = await provider(fake.url, 10).embed(texts);
    expect(vectors).toHaveLength(texts.length);
    expect(fake.stats).toMatchObject({ failuresServed: 1, embeddingCalls: 1 });
  });

  it("makes no request for no texts, and is labelled with its provider and model", async () => {
    const remote = provider(fake.url, 3);
    expect(await remote.embed([])).toEqual([]);
    expect(fake.stats.embeddingCalls).toBe(0);
    expect([remote.provider, remote.model]).toEqual(["openai-compatible", "all-minilm"]);
    expect(new OfflineEmbeddingProvider().provider).toBe("offline");
  });
});
