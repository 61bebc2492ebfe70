import http from "node:http";
import type { AddressInfo } from "node:net";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNodeFetch } from "./node-fetch";

let server: http.Server;
let base = "";
let attempts = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.url === "/echo") {
        res.writeHead(201, { "content-type": "application/json", "x-request-id": "req-1" });
        res.end(
          JSON.stringify({
            method: req.method,
            body: Buffer.concat(chunks).toString("utf8"),
            auth: req.headers.authorization ?? null,
          }),
        );
      } else if (req.url === "/empty") {
        res.writeHead(204);
        res.end();
      } else if (req.url === "/slow") {
        setTimeout(() => res.end("late"), 2_000).unref();
      } else if (req.url === "/v1/chat/completions") {
        // 429 with Retry-After first, then a completion: the SDK's own retry must go through this transport.
        attempts++;
        if (attempts === 1) {
          res.writeHead(429, { "content-type": "application/json", "retry-after-ms": "5" });
          res.end(JSON.stringify({ error: { message: "slow down" } }));
        } else {
          res.writeHead(200, { "content-type": "application/json" });
          res.end(
            JSON.stringify({
              id: "c1",
              object: "chat.completion",
              created: 0,
              model: "m",
              choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: "ok" } }],
            }),
          );
        }
      } else {
        res.writeHead(404);
        res.end("no");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("createNodeFetch", () => {
  const nodeFetch = createNodeFetch();

  it("sends method, headers and body and returns status, headers and body as a Response", async () => {
    const response = await nodeFetch(`${base}/echo`, {
      method: "POST",
      headers: new Headers({ authorization: "Bearer k" }),
      body: JSON.stringify({ a: 1 }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("x-request-id")).toBe("req-1");
    expect(await response.json()).toEqual({ method: "POST", body: '{"a":1}', auth: "Bearer k" });
  });

  it("returns a null body for 204", async () => {
    const response = await nodeFetch(`${base}/empty`);
    expect(response.status).toBe(204);
    expect(response.body).toBeNull();
  });

  it("rejects with an AbortError when the signal aborts, and with a TypeError when the connection fails", async () => {
    await expect(nodeFetch(`${base}/slow`, { signal: AbortSignal.timeout(50) })).rejects.toMatchObject({
      name: "AbortError",
    });
    await expect(nodeFetch("http://127.0.0.1:1/x")).rejects.toBeInstanceOf(TypeError);
  });

  it("carries the OpenAI SDK, with its retries (429 then 200)", async () => {
    const client = new OpenAI({ apiKey: "k", baseURL: `${base}/v1`, maxRetries: 2, fetch: nodeFetch });
    const completion = await client.chat.completions.create({
      model: "m",
      messages: [{ role: "user", content: "hi" }],
    });
    expect(completion.choices[0]?.message.content).toBe("ok");
    expect(attempts).toBe(2);
  });
});
