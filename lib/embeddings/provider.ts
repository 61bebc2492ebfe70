import OpenAI from "openai";
import { env } from "../env";
import { sha256 } from "../hash";
import { countingFetch, type RequestCounter } from "../llm/retry";
import { accountFetch } from "../llm/paced-fetch";
import { roleEndpoint } from "../llm/endpoint";
import { OFFLINE_EMBEDDING_MODEL, OFFLINE_EMBEDDING_PROVIDER, embedOffline } from "./offline-embedder";
import { timedModelCall } from "../observability/metrics";

// Embedding providers behind one interface. The paper uses all-MiniLM-L6-v2; served locally by an OpenAI-compatible
// server (Ollama `all-minilm`, text-embeddings-inference, vLLM) the "openai" provider reproduces it. The offline
// provider needs no download and is labelled as such on every score.
export interface EmbeddingProvider {
  readonly provider: string;
  readonly model: string;
  /** Part of the vector cache key: provider, model and endpoint (one model name on two servers is two spaces). */
  readonly configHash: string;
  embed(texts: string[]): Promise<Float32Array[]>;
}

export class OfflineEmbeddingProvider implements EmbeddingProvider {
  readonly provider = OFFLINE_EMBEDDING_PROVIDER;
  readonly model = OFFLINE_EMBEDDING_MODEL;
  readonly configHash = sha256(JSON.stringify(["offline", OFFLINE_EMBEDDING_MODEL]));
  async embed(texts: string[]): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    // Hashing thousands of texts is CPU work on the worker's event loop: hand it back every 10 ms of it (a text of
    // about 1,000 characters takes 1-2 ms, so a fixed 64 texts held the loop 100-300 ms on a loaded machine).
    let sliceStart = performance.now();
    for (let i = 0; i < texts.length; i++) {
      out.push(embedOffline(texts[i]!));
      if (performance.now() - sliceStart >= 10) {
        await new Promise((resolve) => setImmediate(resolve));
        sliceStart = performance.now();
      }
    }
    return out;
  }
}

// Room for one vector of 3,072 dimensions written as JSON floats (about 21 characters each).
const BYTES_PER_VECTOR = 64 * 1024;

export class OpenAiEmbeddingProvider implements EmbeddingProvider {
  readonly provider = "openai-compatible";
  readonly configHash: string;
  readonly requests: RequestCounter = { requests: 0, retries: 0 };
  private readonly client: OpenAI;
  constructor(
    readonly model: string,
    opts: { apiKey?: string; baseURL?: string; batchSize: number; timeoutMs: number; retries: number },
  ) {
    // The SDK retries 429 / 5xx / timeouts itself.
    this.client = new OpenAI({
      apiKey: opts.apiKey ?? "none",
      baseURL: opts.baseURL,
      timeout: opts.timeoutMs,
      maxRetries: opts.retries,
      // Paced by the account's limits; a reply may hold a vector per input, so the cap grows with the batch.
      fetch: countingFetch(
        this.requests,
        accountFetch(opts.baseURL, opts.apiKey ?? "none", {
          maxConcurrency: 4,
          capBytes: Math.max(env.LLM_MAX_REPLY_BYTES, opts.batchSize * BYTES_PER_VECTOR),
        }),
      ),
    });
    this.batchSize = opts.batchSize;
    this.configHash = sha256(JSON.stringify([this.provider, model, this.client.baseURL]));
  }
  private readonly batchSize: number;

  async embed(texts: string[]): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += this.batchSize) {
      const batch = texts.slice(i, i + this.batchSize);
      // encoding_format "float" explicitly: without it the SDK asks for base64 and decodes every reply as base64,
      // which turns the plain float arrays of servers that ignore the field into garbage vectors.
      const request = { model: this.model, input: batch, encoding_format: "float" as const };
      const response = await timedModelCall("embedding", () => this.client.embeddings.create(request));
      const ordered = [...response.data].sort((a, b) => a.index - b.index);
      if (ordered.length !== batch.length)
        throw new Error(`embedding server returned ${ordered.length} vectors for ${batch.length} inputs`);
      for (const item of ordered) out.push(Float32Array.from(item.embedding as number[]));
    }
    return out;
  }
}

export function createEmbeddingProvider(): EmbeddingProvider {
  const wanted = env.EMBEDDING_PROVIDER ?? (env.EMBEDDING_BASE_URL ? "openai" : "offline");
  if (wanted === "offline") return new OfflineEmbeddingProvider();
  // EMBEDDING_BASE_URL / EMBEDDING_API_KEY, each falling back to OPENAI_* (lib/llm/endpoint.ts).
  const endpoint = roleEndpoint("embedding");
  return new OpenAiEmbeddingProvider(env.EMBEDDING_MODEL, {
    apiKey: endpoint?.apiKey,
    baseURL: endpoint?.baseURL,
    batchSize: env.EMBEDDING_BATCH_SIZE,
    timeoutMs: env.JUDGE_TIMEOUT_MS,
    retries: env.JUDGE_MAX_RETRIES,
  });
}
