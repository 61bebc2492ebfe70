import { describe, expect, it } from "vitest";
import { downloadResponse, etagFor } from "./download-response";

// The body cache and ETags of the public reads: an entry answers only the exact query that produced it.

const origin = "http://bench.test";
const answer = (path: string, variant: string, body: string, ifNoneMatch?: string) =>
  downloadResponse(new Request(`${origin}${path}`, { headers: ifNoneMatch ? { "if-none-match": ifNoneMatch } : {} }), {
    format: "json",
    stamp: "3.1700000000000.2",
    variant,
    filename: "x",
    json: () => ({ body }),
    csv: () => body,
  });

describe("downloadResponse", () => {
  it("keeps the answers of two routes apart even when their stamp, format and variant are the same", async () => {
    const board = answer("/api/v1/leaderboard", "probe-demo@1||", "leaderboard");
    const types = answer("/api/v1/bug-types", "probe-demo@1||", "bug types");
    expect(board.headers.get("etag")).not.toBe(types.headers.get("etag"));
    expect(await types.json()).toEqual({ body: "bug types" });
    // Served again from the cache: still each route's own body.
    expect(await answer("/api/v1/leaderboard", "probe-demo@1||", "other").json()).toEqual({ body: "leaderboard" });
    expect(await answer("/api/v1/bug-types", "probe-demo@1||", "other").json()).toEqual({ body: "bug types" });
  });

  it("names the answer by a SHA-256 of the exact query (a 32-bit hash could be collided in seconds)", () => {
    const etag = answer("/api/v1/leaderboard", "v", "b").headers.get("etag")!;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{43}"$/);
    expect(etag).toBe(etagFor("/api/v1/leaderboard", "json", "3.1700000000000.2", "v"));
    // Joined strings that read alike are different queries.
    expect(etagFor("/a", "json", "s", "x|y")).not.toBe(etagFor("/a", "json", "s|x", "y"));
  });

  it("answers a matching If-None-Match with a bodiless 304, and only for its own route", () => {
    const etag = answer("/api/v1/leaderboard", "w", "b").headers.get("etag")!;
    expect(answer("/api/v1/leaderboard", "w", "b", etag).status).toBe(304);
    expect(answer("/api/v1/validity", "w", "b", etag).status).toBe(200);
  });
});
