import { describe, expect, it } from "vitest";
import { HOSTILE_CALLBACKS } from "../../tests/support/hostile-callbacks";
import { DEFAULT_CALLBACK_PATH, safeCallbackPath, safeRedirectUrl } from "./safe-callback";

describe("safeCallbackPath", () => {
  it.each(HOSTILE_CALLBACKS)("sends %j to the fallback", (value) => {
    expect(safeCallbackPath(value)).toBe(DEFAULT_CALLBACK_PATH);
    expect(safeCallbackPath(value, "/submit")).toBe("/submit");
  });

  it.each([
    ["/account/submissions", "/account/submissions"],
    ["/submissions/ck123?tab=runs#scores", "/submissions/ck123?tab=runs#scores"],
    ["/leaderboard/probe/1", "/leaderboard/probe/1"],
    ["/repositories/acme/parser?benchmark=probe%401", "/repositories/acme/parser?benchmark=probe%401"],
    ["/?q=a%20b", "/?q=a%20b"],
    ["/a/./b/../c", "/a/c"],
  ])("keeps the site path %j", (value, expected) => {
    expect(safeCallbackPath(value)).toBe(expected);
  });

  it("takes the first of repeated parameters and falls back on missing ones", () => {
    expect(safeCallbackPath(["/submit", "//evil.example"])).toBe("/submit");
    expect(safeCallbackPath(["//evil.example", "/submit"])).toBe(DEFAULT_CALLBACK_PATH);
    expect(safeCallbackPath(undefined)).toBe(DEFAULT_CALLBACK_PATH);
    expect(safeCallbackPath(null)).toBe(DEFAULT_CALLBACK_PATH);
    expect(safeCallbackPath("")).toBe(DEFAULT_CALLBACK_PATH);
    expect(safeCallbackPath(`/${"a".repeat(3_000)}`)).toBe(DEFAULT_CALLBACK_PATH);
  });

  it("accepts absolute URLs on the given site origin only", () => {
    const site = "https://probebench.example";
    expect(safeCallbackPath(`${site}/submit?x=1`, "/", site)).toBe("/submit?x=1");
    expect(safeCallbackPath(site, "/account", site)).toBe("/");
    expect(safeCallbackPath(`${site}/submit`)).toBe(DEFAULT_CALLBACK_PATH);
    expect(safeCallbackPath(`${site}//evil.example`, "/", site)).toBe("/");
    expect(safeCallbackPath(`${site}.evil.example/`, "/", site)).toBe("/");
    expect(safeCallbackPath(`${site}@evil.example/`, "/", site)).toBe("/");
  });

  it("never returns something a browser resolves off the site", () => {
    for (const value of HOSTILE_CALLBACKS) {
      const target = new URL(safeCallbackPath(value), "https://probebench.example");
      expect(target.origin).toBe("https://probebench.example");
    }
  });
});

describe("safeRedirectUrl (next-auth redirect callback)", () => {
  const base = "http://127.0.0.1:3000";

  it.each(HOSTILE_CALLBACKS)("sends %j home", (value) => {
    expect(safeRedirectUrl(value, base)).toBe(`${base}/`);
    // The same path glued to this site's origin, as an absolute callbackUrl.
    if (value.startsWith("/")) expect(safeRedirectUrl(`${base}${value}`, base)).toBe(`${base}/`);
  });

  it("refuses other origins and look-alikes of this one", () => {
    for (const url of [
      "https://evil.example/account",
      "http://127.0.0.1:3000@evil.example/",
      "http://127.0.0.1:30000/",
      "http://127.0.0.1:3000.evil.example/",
      "https://127.0.0.1:3000/x",
    ]) {
      expect(safeRedirectUrl(url, base)).toBe(`${base}/`);
    }
  });

  it("keeps paths of this site, relative or absolute", () => {
    expect(safeRedirectUrl("/submit", base)).toBe(`${base}/submit`);
    expect(safeRedirectUrl(`${base}/account/tokens?x=1`, base)).toBe(`${base}/account/tokens?x=1`);
    expect(safeRedirectUrl(base, base)).toBe(`${base}/`);
    expect(safeRedirectUrl(`${base}/`, base)).toBe(`${base}/`);
  });
});
