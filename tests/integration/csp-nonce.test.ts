import { beforeAll, describe, expect, inject, it } from "vitest";
import { seedBenchmark } from "../support/fixtures";

// Pages carry a CSP whose script-src allows scripts by a per-request nonce (proxy.ts), never 'unsafe-inline'; every
// script of the page carries that nonce.
const webUrl = inject("webUrl");

const scriptSrc = (csp: string | null) =>
  (csp ?? "")
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith("script-src ")) ?? "";

async function page(path: string): Promise<{ nonce: string; scriptSrc: string; scriptNonces: (string | null)[] }> {
  const response = await fetch(`${webUrl}${path}`);
  const html = await response.text();
  const src = scriptSrc(response.headers.get("content-security-policy"));
  const nonce = /'nonce-([^']+)'/.exec(src)?.[1] ?? "";
  const scriptNonces = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => /\snonce="([^"]*)"/.exec(m[0])?.[1] ?? null);
  return { nonce, scriptSrc: src, scriptNonces };
}

let slug: string;
beforeAll(async () => {
  slug = await seedBenchmark();
});

describe("CSP nonces", () => {
  it("gives every page a fresh nonce that all of its scripts carry, and no 'unsafe-inline' scripts", async () => {
    for (const path of ["/", `/leaderboard/${slug}/1`, "/repositories", "/method", "/sign-in", "/no-such-page"]) {
      const a = await page(path);
      const b = await page(path);
      expect(a.scriptSrc, path).toBe(`script-src 'self' 'nonce-${a.nonce}' 'strict-dynamic'`);
      expect(a.nonce, path).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(b.nonce, path).not.toBe(a.nonce);
      expect(a.scriptNonces.length, path).toBeGreaterThan(0);
      expect(a.scriptNonces, path).toEqual(a.scriptNonces.map(() => a.nonce));
      expect(b.scriptNonces, path).toEqual(b.scriptNonces.map(() => b.nonce));
    }
  });

  it("allows no inline script at all on responses that are not pages", async () => {
    for (const path of ["/api/v1/leaderboard", "/api/health", "/schemas/findings-file.schema.json"]) {
      const response = await fetch(`${webUrl}${path}`);
      expect(scriptSrc(response.headers.get("content-security-policy")), path).toBe("script-src 'self'");
    }
  });
});

describe("the web server's copy of public pages", () => {
  it("answers a repeat with the same HTML under a fresh nonce, and never keeps a signed-in or a submission page", async () => {
    const get = async (path: string, headers: Record<string, string> = {}) => {
      const response = await fetch(`${webUrl}${path}`, { headers });
      const html = await response.text();
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1] ?? "";
      return { html, nonce, status: response.status, cache: response.headers.get("x-page-cache") };
    };
    const first = await get("/method");
    const second = await get("/method");
    expect(second.cache).toBe("HIT");
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.html).not.toContain(first.nonce);
    expect(second.html.replaceAll(second.nonce, "N")).toBe(first.html.replaceAll(first.nonce, "N"));
    // A session cookie (valid or not) is never answered from the copy: the page is rendered for that viewer.
    const withCookie = await get("/method", { cookie: "next-auth.session-token=stale" });
    expect(withCookie.status).toBe(200);
    expect(withCookie.cache).toBeNull();
    expect(withCookie.html).not.toContain(second.nonce);
  });
});
