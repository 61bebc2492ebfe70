// An admin imports a benchmark version in the browser (admins manage benchmark
// versions): a bad file shows every problem by path and stores nothing; a good one is listed and public at once.

import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { db, seedBenchmark, smallBenchmark } from "../support/fixtures";
import { axeViolations, launchBrowser } from "../support/browser";
import { createTestUser, type TestUser } from "../integration/authz-support";

const webUrl = inject("webUrl");
const SHOTS = path.resolve("test-artifacts/screenshots");
let browser: Browser;
let cspViolations: string[];
let admin: TestUser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  admin = await createTestUser("admin");
  ({ browser, cspViolations } = await launchBrowser());
});
afterEach(() => {
  expect(cspViolations.splice(0)).toEqual([]);
});
afterAll(async () => {
  await browser?.close();
});

/** A new page, signed in as the admin, on /admin/benchmarks. */
async function openAsAdmin() {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${webUrl}/sign-in?callbackUrl=${encodeURIComponent("/admin/benchmarks")}`);
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/admin/benchmarks", { timeout: 30_000 });
  return page;
}

describe("benchmark versions page", () => {
  it("imports a version from a file; a bad file lists its problems and stores nothing", async () => {
    const slug = `e2e-import-${randomUUID().slice(0, 8)}`;
    const dir = path.join(tmpdir(), `probebench-${slug}`);
    mkdirSync(dir, { recursive: true });
    const good = path.join(dir, "benchmark.json");
    const bad = path.join(dir, "bad.json");
    const file = smallBenchmark(slug);
    writeFileSync(good, JSON.stringify(file));
    writeFileSync(bad, JSON.stringify({ ...file, repositories: [] }));

    const page = await openAsAdmin();
    expect(await page.getByRole("link", { name: "Benchmark versions" }).getAttribute("aria-current")).toBe("page");

    await page.getByLabel("Benchmark file (JSON)").setInputFiles(bad);
    await page.getByRole("button", { name: "Import version" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "The benchmark file" });
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(/repositories\s*: must list at least one repository/);
    expect(await db.benchmark.count({ where: { slug } })).toBe(0);

    await page.getByLabel("Benchmark file (JSON)").setInputFiles(good);
    await page.getByRole("button", { name: "Import version" }).click();
    const status = page.getByRole("status").filter({ hasText: "Imported" });
    await status.waitFor({ timeout: 30_000 });
    expect(await status.innerText()).toContain(
      `Imported ${slug}@1: ${file.repositories.length} repositories, ${file.reference_bugs.length} reference bugs`,
    );
    const row = page.getByTestId("benchmark-versions").locator("tr", { hasText: `${slug}@1` });
    await row.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, "admin-benchmarks.png"), fullPage: true });

    // The new version is public at once (the row's first link; the second opens its datasheet).
    await row.getByRole("link").first().click();
    await page.waitForURL((url) => url.pathname === `/leaderboard/${slug}/1`);
    expect(await page.locator("h1").innerText()).toBe("Leaderboard");
    await page.close();
  });

  it("dates a version imported without fix dates; a bad file names its problem and dates nothing", async () => {
    const slug = await seedBenchmark(`e2e-dates-${randomUUID().slice(0, 8)}`);
    const key = `${slug}@1`;
    const bugs = smallBenchmark(slug).reference_bugs;
    const dir = path.join(tmpdir(), `probebench-${slug}`);
    mkdirSync(dir, { recursive: true });
    const good = path.join(dir, "fix-dates.json");
    const bad = path.join(dir, "bad.json");
    const dates = bugs.map((b, i) => ({ repo: b.repo, id: b.id, fixed_at: `2025-0${i + 1}-15T10:00:00Z` }));
    writeFileSync(good, JSON.stringify({ fix_dates: dates }));
    writeFileSync(
      bad,
      JSON.stringify({ fix_dates: [...dates, { repo: "acme/parser", id: "NOPE", fixed_at: "2025-06-01T00:00:00Z" }] }),
    );

    const page = await openAsAdmin();
    const row = page.getByTestId("benchmark-versions").locator("tr", { hasText: key });
    expect(await row.innerText()).toContain("none");

    await page.getByLabel("Version without fix dates").selectOption(key);
    await page.getByLabel("Fix-dates file (JSON)").setInputFiles(bad);
    await page.getByRole("button", { name: "Import fix dates" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "The fix-dates file" });
    await alert.waitFor();
    expect(await alert.innerText()).toContain(`fix_dates.${bugs.length}: no reference bug NOPE in acme/parser`);
    expect(
      await db.referenceBug.count({ where: { repository: { benchmark: { slug } }, fixedAt: { not: null } } }),
    ).toBe(0);

    await page.getByLabel("Fix-dates file (JSON)").setInputFiles(good);
    await page.getByRole("button", { name: "Import fix dates" }).click();
    const status = page.getByRole("status").filter({ hasText: "Dated" });
    await status.waitFor({ timeout: 30_000 });
    expect(await status.innerText()).toContain(`Dated ${bugs.length} of ${bugs.length} reference bugs of ${key}`);
    expect(
      await db.referenceBug.count({ where: { repository: { benchmark: { slug } }, fixedAt: { not: null } } }),
    ).toBe(bugs.length);
    // The page refreshed: the version is dated (still offered for its fix commits, which this file did not give).
    await expect.poll(() => row.locator("td").nth(6).innerText(), { timeout: 10_000 }).toBe("all");
    expect(await page.locator(`option[value="${key}"]`).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });
});
