import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, createApiClient, errorFromResponse } from "./api-client";
import { accountRoutes } from "./contracts/account-routes";

describe("errorFromResponse", () => {
  it("carries the server's message, every bad field and the rate limit's wait", () => {
    const body = JSON.stringify({
      error: {
        code: "invalid_input",
        message: "The file is invalid",
        issues: [{ path: "findings[0].repo", message: "required" }],
      },
    });
    const error = errorFromResponse(422, body, null);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      message: "The file is invalid",
      issues: [{ path: "findings[0].repo", message: "required" }],
    });
    expect(errorFromResponse(429, JSON.stringify({ error: { message: "Slow down" } }), "7").retryAfterSeconds).toBe(7);
  });

  it("explains 401, 404 and bodies that are not ours by their status", () => {
    expect(errorFromResponse(401, "", null).message).toBe("Your session has ended: sign in again.");
    expect(errorFromResponse(404, "<html>not found</html>", null, "/api/v1/x")).toMatchObject({
      status: 404,
      message: "The server answered 404 to /api/v1/x.",
      issues: [],
    });
    expect(errorFromResponse(0, "", null).message).toMatch(/could not be reached/);
  });
});

describe("createApiClient", () => {
  let server: Server;
  let url = "";
  const seen: { auth?: string; type?: string; body: string }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        seen.push({ auth: req.headers.authorization, type: req.headers["content-type"], body });
        if (req.url === "/api/v1/submissions") {
          res.writeHead(401, { "content-type": "application/json" });
          res.end(JSON.stringify({ error: { code: "unauthorized", message: "An API token is required" } }));
        } else {
          res.writeHead(200, { "content-type": "application/json" });
          res.end(JSON.stringify({ ok: true }));
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("sends the token and a file's text as is, objects as JSON, parses every answer, and throws one error type", async () => {
    const client = createApiClient({ baseUrl: url, token: "pb_test" });
    await expect(client.submit('{"benchmark":"probe"}')).rejects.toMatchObject({
      name: "ApiError",
      status: 401,
      message: "An API token is required",
    });
    // The fake answers { ok: true }: not a created token, so the answer is refused rather than trusted.
    await expect(client.call(accountRoutes.postTokens, { body: { name: "x" } })).rejects.toMatchObject({
      name: "ApiError",
      status: 502,
      message: "The server's answer to POST /api/v1/tokens is not what its contract says.",
    });
    expect(seen.map((s) => [s.auth, s.type, s.body])).toEqual([
      ["Bearer pb_test", "application/json", '{"benchmark":"probe"}'],
      ["Bearer pb_test", "application/json", '{"name":"x"}'],
    ]);
  });

  it("says where it could not connect", async () => {
    const client = createApiClient({
      baseUrl: "http://127.0.0.1:1",
      unreachable: "Cannot reach the probebench server at http://127.0.0.1:1",
    });
    await expect(client.benchmarks()).rejects.toMatchObject({
      status: 0,
      message: "Cannot reach the probebench server at http://127.0.0.1:1",
    });
  });
});
