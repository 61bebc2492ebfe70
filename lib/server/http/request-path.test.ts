import { describe, expect, it } from "vitest";
import { csvTwinUrl, declaredMethods, normaliseRequestPath, prefersCsv } from "./request-path";

describe("normaliseRequestPath", () => {
  it("resolves dot segments and backslashes as Next.js does before routing", () => {
    expect(normaliseRequestPath("/_next/static/../../")).toEqual({ ok: true, pathname: "/", search: "" });
    expect(normaliseRequestPath("/_next/static/../../api/v1/benchmarks?x=1")).toEqual({
      ok: true,
      pathname: "/api/v1/benchmarks",
      search: "?x=1",
    });
    expect(normaliseRequestPath("/a/./b\\c")).toMatchObject({ pathname: "/a/b/c" });
    expect(normaliseRequestPath("/../../etc")).toMatchObject({ pathname: "/etc" });
    // A leading `//` stays a path (Next prefixes its own origin), not a host.
    expect(normaliseRequestPath("//evil/x")).toMatchObject({ pathname: "//evil/x" });
    expect(normaliseRequestPath(undefined)).toMatchObject({ pathname: "/" });
    expect(normaliseRequestPath("/api/v1/submissions/abc")).toMatchObject({ pathname: "/api/v1/submissions/abc" });
  });

  it("refuses percent-encoded dot segments in any spelling, and only those", () => {
    for (const path of [
      "/_next/static/%2e%2e/%2e%2e/api/v1/benchmarks",
      "/_next/static/%2E%2E/x",
      "/_next/static/.%2e/x",
      "/_next/static/%2e./x",
      "/a/%2e/b",
      "/_next/static\\%2e%2e\\x",
    ])
      expect(normaliseRequestPath(path), path).toEqual({ ok: false, reason: "encoded dot segment in the path" });
    // Encoded dots inside a longer segment, or in the query, are not dot segments.
    expect(normaliseRequestPath("/files/%2e%2e%2fx")).toMatchObject({ ok: true });
    expect(normaliseRequestPath("/files/a%2e%2e")).toMatchObject({ ok: true });
    expect(normaliseRequestPath("/search?q=%2e%2e")).toMatchObject({ ok: true, search: "?q=%2e%2e" });
  });
});

describe("csvTwinUrl", () => {
  it("turns a download's .csv path into its JSON path with format=csv, keeping the query", () => {
    expect(csvTwinUrl("/api/v1/leaderboard.csv", "?benchmark=probe%401&format=json")).toBe(
      "/api/v1/leaderboard?benchmark=probe%401&format=csv",
    );
    expect(csvTwinUrl("/api/v1/repositories/acme/parser.csv", "")).toBe("/api/v1/repositories/acme/parser?format=csv");
    expect(csvTwinUrl("/api/v1/leaderboard", "")).toBeNull();
    expect(csvTwinUrl("/leaderboard.csv", "")).toBeNull();
    expect(csvTwinUrl("/api/v1/.csv", "")).toBeNull();
  });
});

describe("prefersCsv", () => {
  it("chooses CSV only when Accept names text/csv above JSON", () => {
    for (const accept of [
      "text/csv",
      "text/csv; charset=utf-8",
      "application/json;q=0.5, text/csv",
      "TEXT/CSV, */*;q=0.1",
    ])
      expect(prefersCsv(accept), accept).toBe(true);
    for (const accept of [null, "", "*/*", "text/*", "application/json", "text/csv, application/json", "text/csv;q=0"])
      expect(prefersCsv(accept), String(accept)).toBe(false);
  });
});

describe("declaredMethods", () => {
  it("lists the methods of the route Next.js would pick for a path: static segments before parameters", () => {
    const routes = [
      { method: "get", path: "/api/v1/submissions/{id}" },
      { method: "delete", path: "/api/v1/submissions/{id}" },
      { method: "post", path: "/api/v1/submissions/validate" },
    ];
    expect(declaredMethods(routes, "/api/v1/submissions/abc")).toEqual(["GET", "DELETE"]);
    expect(declaredMethods(routes, "/api/v1/submissions/validate")).toEqual(["POST"]);
    expect(declaredMethods(routes, "/api/v1/submissions/abc/more")).toBeNull();
    expect(declaredMethods(routes, "/api/v1/submissions/")).toBeNull();
  });
});
