import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { seedBenchmark } from "../support/fixtures";
import { launchBrowser } from "../support/browser";

// The browser enforces the nonce CSP (proxy.ts): the page's own scripts run and hydrate it, a script injected into
// the HTML without the nonce does not, and the violation is what the other browser tests watch the console for.
const webUrl = inject("webUrl");
let browser: Browser;
let cspViolations: string[];

beforeAll(async () => {
  await seedBenchmark();
  ({ browser, cspViolations } = await launchBrowser());
});

afterAll(async () => {
  await browser?.close();
});

describe("content security policy in the browser", () => {
  it("runs the page's scripts and refuses an inline script without the nonce", async () => {
    const page = await browser.newPage();
    // As if markup had been injected into the page: an inline script the server did not give the nonce.
    await page.route(`${webUrl}/`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        body: (await response.text()).replace("</body>", "<script>window.__injected = true</script></body>"),
      });
    });
    await page.goto(`${webUrl}/`, { waitUntil: "load" });
    await page.locator("[data-hydrated=true]").waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
    expect(cspViolations.splice(0)).toEqual([
      expect.stringMatching(
        /inline script violates the following Content Security Policy directive 'script-src 'self' 'nonce-[^']+' 'strict-dynamic''/,
      ),
    ]);
    await page.close();
  });
});
