import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { randomUUID } from "node:crypto";
import { closeQueues } from "../../lib/queue/queues";
import { finding, seedBenchmark, waitForStatus } from "../support/fixtures";
import { axeViolations, launchBrowser } from "../support/browser";
import { call, createTestUser, type TestUser } from "../integration/authz-support";

// A maintainer labels matcher pairs with the keyboard only (docs/judge-quality.md): draws a sample, opens a pair, sees
// the two texts without the judge's verdict, labels it, and only then sees the verdict; axe finds no violation at
// desktop and phone widths, and the CSP blocks nothing.
const webUrl = inject("webUrl");
const tag = randomUUID().slice(0, 8);
let browser: Browser;
let cspViolations: string[];
let slug: string;
let maintainer: TestUser;

beforeAll(async () => {
  slug = await seedBenchmark();
  const owner = await createTestUser("user");
  maintainer = await createTestUser("maintainer");
  const created = await call(
    webUrl,
    "POST",
    "/api/v1/submissions",
    { token: owner.token },
    {
      benchmark: slug,
      model: `Labelling walk ${tag}`,
      findings: [
        finding("P1", "acme/parser", "parser/lexer.py", 42, 47, `Final token lost (${tag})`),
        finding("X7", "acme/parser", "parser/lexer.py", 44, 52, `Tab width ignored (${tag})`),
      ],
    },
  );
  expect(created.status).toBe(202);
  await waitForStatus(webUrl, created.json.id, owner.token);
  ({ browser, cspViolations } = await launchBrowser());
});

afterEach(() => {
  expect(cspViolations.splice(0)).toEqual([]);
});

afterAll(async () => {
  await browser?.close();
  await closeQueues();
});

/** Presses Tab until the focused element satisfies `match` (at most 80 presses). */
async function tabTo(page: Page, match: (el: { tag: string; text: string; type: string | null }) => boolean) {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press("Tab");
    const el = await page.evaluate(() => {
      const a = document.activeElement as HTMLElement | null;
      return {
        tag: a?.tagName ?? "",
        text: (a?.innerText || a?.getAttribute("value") || "").trim(),
        type: a?.getAttribute("type") ?? null,
      };
    });
    if (match(el)) return;
  }
  throw new Error("focus never reached the element");
}

describe("labelling by keyboard", () => {
  it("draws a sample, labels a pair blind and then sees the verdict", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${webUrl}/sign-in?callbackUrl=${encodeURIComponent(`/labelling?benchmark=${slug}@1`)}`);
    await page.getByLabel("Email").focus();
    await page.keyboard.type(maintainer.email);
    await page.keyboard.press("Tab");
    await page.keyboard.type(maintainer.password);
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/labelling", { timeout: 30_000 });
    expect(await page.getByText("No pairs to label yet").count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    await tabTo(page, (el) => el.tag === "BUTTON" && el.text.startsWith("Draw the sample"));
    await page.keyboard.press("Enter");
    await page.getByRole("link", { name: /Label the next pair/ }).waitFor({ timeout: 30_000 });
    await tabTo(page, (el) => el.tag === "A" && el.text.startsWith("Label the next pair"));
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname.startsWith("/labelling/"));

    // Blind: two texts, no verdict.
    expect(await page.getByTestId("reveal").count()).toBe(0);
    expect(await page.content()).not.toContain(`Labelling walk ${tag}`);
    expect(await axeViolations(page)).toEqual([]);
    await tabTo(page, (el) => el.tag === "INPUT" && el.type === "radio");
    await page.keyboard.press("Space");
    await tabTo(page, (el) => el.tag === "BUTTON" && el.text === "Save");
    await page.keyboard.press("Enter");
    await page.getByTestId("reveal").waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("reveal").innerText()).toContain(`Labelling walk ${tag}`);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
