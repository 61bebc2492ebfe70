import http from "node:http";
import https from "node:https";
import { createTurnPacer } from "./turn-pacer";

// The transport under the OpenAI SDK's judge calls: a small fetch over node:http with keep-alive agents.
//
// Why not the global fetch: at JUDGE_CONCURRENCY=256 and 200 ms latency, judging is bound by the client's CPU per
// call, not by the endpoint. Measured against the fake judge on this 2-core machine, the global fetch (undici with
// web streams, a Request object and an AbortSignal per call) spent about 1 ms of CPU a call, most of it in fetch and
// stream plumbing and the garbage it leaves, which capped one process near 500-900 calls/s. node:http does the same
// exchange for a fraction of that. The SDK keeps everything else (retries, Retry-After, timeouts through the abort
// signal it passes, error types): this only moves bytes. Bodies are the SDK's JSON strings; replies are read whole
// (completions are small) and handed back as a standard Response.

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

// Replies handed to the SDK per turn of the event loop. With hundreds of calls in flight, replies arrive in bursts
// (a turn that took a while finds all the replies that came in meanwhile), and the SDK's work on each (response
// object, JSON, schema check, the caller's bookkeeping) is about half a millisecond: 256 at once held the loop for
// ~150-200 ms. Reading the bytes stays immediate; the rest is spread over turns like the call starts
// (worker/shared/judge/judge-runner.ts, STARTS_PER_TURN).
const REPLIES_PER_TURN = 16;
const replyTurn = createTurnPacer(REPLIES_PER_TURN);

type FetchInit = { method?: string; headers?: unknown; body?: unknown; signal?: AbortSignal | null };

function headerPairs(headers: unknown): [string, string][] {
  if (!headers) return [];
  if (headers instanceof Headers) return [...headers.entries()];
  if (Array.isArray(headers)) return headers as [string, string][];
  return Object.entries(headers as Record<string, string | undefined>).filter(
    (e): e is [string, string] => e[1] !== undefined && e[1] !== null,
  );
}

function abortError(): Error {
  // The SDK recognises a timeout by this name (APIConnectionTimeoutError), as with the standard fetch.
  return new DOMException("The operation was aborted.", "AbortError");
}

/** A fetch for the OpenAI SDK over keep-alive node:http / node:https agents. */
export function createNodeFetch(opts: { maxSockets?: number } = {}): typeof fetch {
  const agents = {
    "http:": new http.Agent({ keepAlive: true, maxSockets: opts.maxSockets ?? Infinity, scheduling: "lifo" }),
    "https:": new https.Agent({ keepAlive: true, maxSockets: opts.maxSockets ?? Infinity, scheduling: "lifo" }),
  };
  return ((input: string | URL | Request, init: FetchInit = {}) =>
    new Promise<Response>((resolve, reject) => {
      const url = input instanceof URL ? input : new URL(typeof input === "string" ? input : input.url);
      const transport = url.protocol === "https:" ? https : http;
      const agent = url.protocol === "https:" ? agents["https:"] : agents["http:"];
      const signal = init.signal ?? undefined;
      if (signal?.aborted) return reject(abortError());
      const headers: Record<string, string> = {};
      for (const [name, value] of headerPairs(init.headers)) headers[name.toLowerCase()] = value;
      let body: string | Buffer | undefined;
      if (typeof init.body === "string") body = init.body;
      else if (init.body instanceof Uint8Array) body = Buffer.from(init.body);
      else if (init.body instanceof ArrayBuffer) body = Buffer.from(init.body);
      else if (init.body !== undefined && init.body !== null)
        return reject(new TypeError("node fetch: unsupported request body type"));
      if (body !== undefined) headers["content-length"] = String(Buffer.byteLength(body));

      const request = transport.request(url, { method: init.method ?? "GET", headers, agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", fail);
        response.on("end", () => {
          signal?.removeEventListener("abort", onAbort);
          void replyTurn().then(() => {
            const status = response.statusCode ?? 0;
            const replyHeaders = new Headers();
            for (let i = 0; i < response.rawHeaders.length; i += 2)
              replyHeaders.append(response.rawHeaders[i]!, response.rawHeaders[i + 1]!);
            resolve(
              new Response(NULL_BODY_STATUSES.has(status) ? null : Buffer.concat(chunks), {
                status,
                statusText: response.statusMessage ?? "",
                headers: replyHeaders,
              }),
            );
          });
        });
      });
      function fail(error: unknown) {
        signal?.removeEventListener("abort", onAbort);
        // Like the standard fetch: a transport failure is a TypeError with the cause attached.
        reject(signal?.aborted ? abortError() : new TypeError("fetch failed", { cause: error }));
      }
      function onAbort() {
        request.destroy(abortError());
      }
      signal?.addEventListener("abort", onAbort, { once: true });
      request.on("error", fail);
      request.end(body);
    })) as typeof fetch;
}
