import { describe, expect, it } from "vitest";
import { PRIVATE_CACHE_CONTROL, PUBLIC_PAGE_CACHE_CONTROL, carriesCredentials, pageCacheControl } from "./cache-policy";

const h = (init: Record<string, string> = {}) => new Headers(init);

describe("carriesCredentials", () => {
  it("sees either session cookie name, chunked cookies and Authorization, and nothing else", () => {
    expect(carriesCredentials(h())).toBe(false);
    expect(carriesCredentials(h({ cookie: "next-auth.csrf-token=x; theme=dark" }))).toBe(false);
    expect(carriesCredentials(h({ cookie: "a=1; next-auth.session-token=abc" }))).toBe(true);
    expect(carriesCredentials(h({ cookie: "__Secure-next-auth.session-token=abc" }))).toBe(true);
    expect(carriesCredentials(h({ cookie: "next-auth.session-token.0=abc" }))).toBe(true);
    expect(carriesCredentials(h({ authorization: "Bearer t" }))).toBe(true);
  });
});

describe("pageCacheControl", () => {
  it("shares public documents with anonymous visitors only", () => {
    for (const path of [
      "/",
      "/leaderboard/probe/1",
      "/repositories",
      "/repositories/a/b",
      "/bug-types",
      "/method",
      "/submit",
      "/submissions/x",
    ]) {
      expect(pageCacheControl(path, h()), path).toBe(PUBLIC_PAGE_CACHE_CONTROL);
      expect(pageCacheControl(path, h({ cookie: "next-auth.session-token=s" })), path).toBe(PRIVATE_CACHE_CONTROL);
      expect(pageCacheControl(path, h({ authorization: "Bearer t" })), path).toBe(PRIVATE_CACHE_CONTROL);
    }
  });

  it("leaves private pages and RSC payloads to Next", () => {
    for (const path of ["/account", "/account/submissions", "/admin", "/submit-guide", "/sign-in", "/no-such-page"])
      expect(pageCacheControl(path, h()), path).toBeNull();
    expect(pageCacheControl("/", h({ rsc: "1" }))).toBeNull();
  });
});
