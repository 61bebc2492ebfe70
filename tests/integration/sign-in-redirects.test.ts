import { beforeAll, describe, expect, inject, it } from "vitest";
import { HOSTILE_CALLBACKS } from "../support/hostile-callbacks";
import { createTestUser, signIn } from "./authz-support";

// Open-redirect defence against the real server: every place that decides where to go after signing in (the sign-in
// and sign-up pages, next-auth's sign-in, credentials callback and sign-out routes) keeps hostile callbackUrl values
// on this site. Locations are resolved the way a browser resolves them (WHATWG URL parser).
const webUrl = inject("webUrl");
let cookie: string;

beforeAll(async () => {
  cookie = await signIn(webUrl, await createTestUser("user"));
});

/** Where a browser would go: the target resolved against the page it came from. */
function landing(location: string | null | undefined): URL {
  expect(location, "a redirect target").toBeTruthy();
  return new URL(location!, webUrl);
}

async function csrf(extraCookie = ""): Promise<{ csrfToken: string; cookie: string }> {
  const response = await fetch(`${webUrl}/api/auth/csrf`);
  const jar = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { csrfToken, cookie: [jar, extraCookie].filter(Boolean).join("; ") };
}

describe("hostile callbackUrl values stay on the site", () => {
  it.each(HOSTILE_CALLBACKS)("sign-in and sign-up pages, signed in: %j", async (value) => {
    for (const [page, fallback] of [
      ["/sign-in", "/account/submissions"],
      ["/sign-up", "/submit"],
    ] as const) {
      const response = await fetch(`${webUrl}${page}?callbackUrl=${encodeURIComponent(value)}`, {
        headers: { cookie },
        redirect: "manual",
      });
      expect(response.status, page).toBe(307);
      const target = landing(response.headers.get("location"));
      expect(target.origin, page).toBe(webUrl);
      expect(target.pathname, page).toBe(fallback);
    }
  });

  it.each(HOSTILE_CALLBACKS)("next-auth sign-in route and sign-out: %j", async (value) => {
    // GET /api/auth/signin hands the callbackUrl to the sign-in page and remembers it in a cookie.
    const signin = await fetch(`${webUrl}/api/auth/signin?callbackUrl=${encodeURIComponent(value)}`, {
      redirect: "manual",
    });
    const page = landing(signin.headers.get("location"));
    expect(page.origin).toBe(webUrl);
    expect(page.pathname).toBe("/sign-in");
    // next-auth itself refuses some values outright (its page then gets ?error=Configuration and no callbackUrl).
    const forwarded = page.searchParams.get("callbackUrl");
    if (forwarded === null) expect(page.searchParams.get("error")).toBe("Configuration");
    else expect(landing(forwarded).href).toBe(`${webUrl}/`);
    const remembered = signin.headers.getSetCookie().find((c) => c.startsWith("next-auth.callback-url="));
    if (remembered)
      expect(landing(decodeURIComponent(remembered.split(";")[0]!.split("=")[1]!)).href).toBe(`${webUrl}/`);

    const { csrfToken, cookie: jar } = await csrf();
    const signout = await fetch(`${webUrl}/api/auth/signout`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar, origin: webUrl },
      body: new URLSearchParams({ csrfToken, callbackUrl: value, json: "true" }),
      redirect: "manual",
    });
    expect(landing(((await signout.json()) as { url: string }).url).href).toBe(`${webUrl}/`);
  });

  it("the credentials sign-in answers with a target on the site, as JSON and as a redirect", async () => {
    // Sign-in attempts are rate limited per address, so each sample gets its own user.
    const samples = [
      "/\t/evil.example",
      "/\\evil.example",
      "//evil.example",
      "/%2f/evil.example",
      "/\uFF0F/evil.example",
      "https://evil.example/",
    ];
    for (const value of samples) {
      const user = await createTestUser("user");
      for (const json of [true, false]) {
        const { csrfToken, cookie: jar } = await csrf();
        const response = await fetch(`${webUrl}/api/auth/callback/credentials`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar, origin: webUrl },
          body: new URLSearchParams({
            csrfToken,
            email: user.email,
            password: user.password,
            callbackUrl: value,
            ...(json ? { json: "true" } : {}),
          }),
          redirect: "manual",
        });
        const target = json ? ((await response.json()) as { url: string }).url : response.headers.get("location");
        expect(landing(target).href, `${JSON.stringify(value)} json=${json}`).toBe(`${webUrl}/`);
      }
    }
  });

  it("keeps a same-site callbackUrl", async () => {
    const response = await fetch(`${webUrl}/sign-in?callbackUrl=${encodeURIComponent("/account/tokens")}`, {
      headers: { cookie },
      redirect: "manual",
    });
    expect(landing(response.headers.get("location")).href).toBe(`${webUrl}/account/tokens`);
    const signin = await fetch(`${webUrl}/api/auth/signin?callbackUrl=${encodeURIComponent("/submit")}`, {
      redirect: "manual",
    });
    const page = landing(signin.headers.get("location"));
    expect(page.searchParams.get("callbackUrl")).toBe(`${webUrl}/submit`);
    // The sign-in page accepts next-auth's absolute form of a same-site path.
    const anonymous = await fetch(`${webUrl}/sign-in?callbackUrl=${encodeURIComponent(`${webUrl}/submit`)}`);
    expect(await anonymous.text()).toContain(`/sign-up?callbackUrl=${encodeURIComponent("/submit")}`);
  });

  it("renders the sign-in page for a visitor with the fallback, not the hostile target", async () => {
    const response = await fetch(`${webUrl}/sign-in?callbackUrl=${encodeURIComponent("/\t/evil.example")}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(`/sign-up?callbackUrl=${encodeURIComponent("/account/submissions")}`);
  });
});
