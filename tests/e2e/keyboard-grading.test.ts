import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { closeQueues } from "../../lib/queue/queues";
import { finding, seedBenchmark, waitForStatus } from "../support/fixtures";
import { waitFor } from "../support/fault-harness";
import { launchBrowser } from "../support/browser";
import { approveSubmission, call, createTestUser, signIn, type TestUser } from "../integration/authz-support";

// Human validation from the keyboard alone (docs/grading.md): a maintainer labels a matcher pair, grades a
// panel's finding and audits a reference bug with Tab, arrow keys, typing and Enter; no click. What the judge or the
// panel said stays hidden until the label or grade is saved, and the focus stays on the form after saving.
const webUrl = inject("webUrl");
const tag = randomUUID().slice(0, 8);
let browser: Browser;
let cspViolations: string[];
let key: string;
let maintainer: TestUser;

/** What has the keyboard focus: its role-ish kind and accessible text. */
async function focused(page: Page): Promise<{ kind: string; text: string; checked: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement & { checked?: boolean; labels?: NodeListOf<HTMLLabelElement> };
    const kind = el.tagName === "INPUT" ? `input:${(el as HTMLInputElement).type}` : el.tagName.toLowerCase();
    const text = (el.labels?.[0]?.textContent ?? el.getAttribute("aria-label") ?? el.textContent ?? "").trim();
    return { kind, text, checked: el.checked === true };
  });
}

/** Presses Tab until the focus is on what `wanted` accepts (at most 80 presses). */
async function tabTo(page: Page, wanted: (f: { kind: string; text: string }) => boolean, what: string) {
  const seen: string[] = [];
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press("Tab");
    const f = await focused(page);
    if (wanted(f)) return;
    seen.push(`${f.kind} "${f.text.slice(0, 40)}"`);
  }
  throw new Error(`Tab never reached ${what}; it went through ${seen.join(", ")}`);
}

beforeAll(async () => {
  const slug = await seedBenchmark();
  key = `${slug}@1`;
  const admin = await createTestUser("admin");
  maintainer = await createTestUser("maintainer");
  const created = await call(
    webUrl,
    "POST",
    "/api/v1/submissions",
    { token: admin.token },
    {
      benchmark: slug,
      model: `Keyboard agent ${tag}`,
      findings: [
        finding("P1", "acme/parser", "parser/lexer.py", 42, 47, `Final token lost (${tag}) [panel:confirmed]`),
        finding("P2", "acme/parser", "parser/ast.py", 101, 104, `Exponent binds loosely (${tag}) [panel:confirmed]`),
      ],
    },
  );
  expect(created.status).toBe(202);
  const id = created.json.id as string;
  await waitForStatus(webUrl, id, admin.token);
  expect(await approveSubmission(webUrl, id, admin.token)).toBe(200);
  const panel = await call(
    webUrl,
    "POST",
    `/api/v1/admin/submissions/${id}/panel`,
    { token: admin.token },
    { sample_size: 1, seed: "kb" },
  );
  expect(panel.status).toBe(202);
  await waitFor(
    async () => (await call(webUrl, "GET", `/api/v1/submissions/${id}`, { token: admin.token })).json,
    (b) => b.panel?.status === "done",
    90_000,
    "the panel to finish",
  );
  const sample = await call(
    webUrl,
    "POST",
    "/api/v1/grading/pairs",
    { token: maintainer.token },
    { benchmark: key, size: 6, seed: "kb" },
  );
  expect(sample.status).toBe(201);
  const audit = await call(
    webUrl,
    "POST",
    "/api/v1/grading/references",
    { token: maintainer.token },
    { benchmark: key, size: 1, seed: "kb" },
  );
  expect(audit.status).toBe(201);
  ({ browser, cspViolations } = await launchBrowser());
});

afterEach(() => {
  expect(cspViolations.splice(0)).toEqual([]);
});

afterAll(async () => {
  await browser?.close();
  await closeQueues();
});

describe("labelling from the keyboard", () => {
  it("labels a pair, grades a finding and audits a reference bug without a click", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const cookie = await signIn(webUrl, maintainer);
    const at = cookie.indexOf("=");
    await context.addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: webUrl }]);
    const page = await context.newPage();
    const isRadio = (f: { kind: string }) => f.kind === "input:radio";
    const isButton = (label: string) => (f: { kind: string; text: string }) => f.kind === "button" && f.text === label;

    // A pair: from the list to the next unlabelled pair, blind until the label is saved.
    await page.goto(`${webUrl}/grading/pairs?benchmark=${encodeURIComponent(key)}`);
    await tabTo(page, (f) => f.kind === "a" && f.text.startsWith("Label the next pair"), "the next pair's link");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => /^\/grading\/pairs\/[^/]+$/.test(url.pathname));
    await expect.poll(() => page.getByRole("heading", { name: /^Pair #/ }).count()).toBe(1);
    expect(await page.getByTestId("reveal").count()).toBe(0);
    expect(await page.locator("body").innerText()).not.toMatch(/fake-judge-1|What the judge said/);
    await tabTo(page, isRadio, "the first label");
    expect(await focused(page)).toMatchObject({ text: "Same root cause", checked: false });
    await page.keyboard.press("ArrowDown");
    expect(await focused(page)).toMatchObject({ text: "Different", checked: true });
    await tabTo(page, isButton("Save"), "the Save button");
    await page.keyboard.press("Enter");
    await page.getByTestId("reveal").waitFor();
    expect(await page.getByTestId("reveal").innerText()).toMatch(/What the judge said[\s\S]*Different/);
    // The form stayed: the focus is still on its button, now for a change.
    await expect.poll(async () => (await focused(page)).text).toBe("Save the change");

    // A panel's finding: graded blind; the panel's verdict and the configuration appear with the last grade.
    await page.goto(`${webUrl}/grading/panels?benchmark=${encodeURIComponent(key)}`);
    await tabTo(page, (f) => f.kind === "a" && f.text === "Sample 1", "the sample's link");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => /^\/grading\/panels\/[^/]+$/.test(url.pathname));
    await page.getByRole("heading", { name: "Grade a panel sample" }).waitFor();
    expect(await page.getByTestId("grading-reveal").count()).toBe(0);
    expect(await page.locator("body").innerText()).not.toMatch(new RegExp(`Keyboard agent|Panel: `));
    await tabTo(page, isRadio, "the first grade");
    expect(await focused(page)).toMatchObject({ text: "Confirmed" });
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowUp");
    expect(await focused(page)).toMatchObject({ text: "Confirmed", checked: true });
    await tabTo(page, isButton("Save"), "the Save button");
    await page.keyboard.press("Enter");
    await page.getByTestId("grading-reveal").waitFor();
    expect(await page.getByTestId("grading-reveal").innerText()).toContain(`Keyboard agent ${tag}`);
    expect(await page.locator("body").innerText()).toMatch(/Panel: confirmed/);

    // A reference bug: a mark with its required reason, typed.
    await page.goto(`${webUrl}/grading/references?benchmark=${encodeURIComponent(key)}`);
    await tabTo(page, (f) => f.kind === "a" && f.text.includes("seed kb"), "the audit's link");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => /^\/grading\/references\/[^/]+$/.test(url.pathname));
    await page.getByRole("heading", { name: "Reference audit" }).waitFor();
    await tabTo(page, isRadio, "the first mark");
    await page.keyboard.press("ArrowDown");
    expect(await focused(page)).toMatchObject({ text: "Invalid", checked: true });
    await page.keyboard.press("Tab");
    expect((await focused(page)).kind).toBe("textarea");
    await page.keyboard.type(`Not a bug of the snapshot (${tag})`);
    await page.keyboard.press("Tab");
    expect(await focused(page)).toMatchObject({ kind: "button", text: "Save" });
    await page.keyboard.press("Enter");
    await expect
      .poll(() => page.locator("body").innerText(), { timeout: 15_000 })
      .toMatch(new RegExp(`Marks:[\\s\\S]*invalid: Not a bug of the snapshot \\(${tag}\\)`));
    await context.close();
  });

  it("labels a pair a keystroke: the key saves, the next unlabelled pair opens, u goes back", async () => {
    const second = await createTestUser("maintainer");
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const cookie = await signIn(webUrl, second);
    const at = cookie.indexOf("=");
    await context.addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: webUrl }]);
    const page = await context.newPage();
    const listed = async () =>
      (await call(webUrl, "GET", `/api/v1/grading/pairs?benchmark=${encodeURIComponent(key)}`, { cookie })).json
        .pairs as { id: string; position: number; my_label: string | null }[];
    const pairs = await listed();
    expect(pairs.length).toBeGreaterThanOrEqual(2);
    const heading = () => page.getByRole("heading", { name: /^Pair #/ }).innerText();
    const ready = () => page.locator("form[data-shortcuts-ready]").waitFor();

    await page.goto(`${webUrl}/grading/pairs/${pairs[0]!.id}`);
    await ready();
    let keystrokes = 0;
    for (const [i, key] of ["1", "2"].entries()) {
      expect(await heading()).toBe(`Pair #${pairs[i]!.position}`);
      await page.keyboard.press(key);
      keystrokes++;
      if (i < pairs.length - 1) await expect.poll(heading, { timeout: 20_000 }).toBe(`Pair #${pairs[i + 1]!.position}`);
      await ready();
    }
    await expect.poll(async () => (await listed()).slice(0, 2).map((p) => p.my_label)).toEqual(["same", "different"]);
    // Two pairs, two keystrokes: about one a pair, the issue asked for two at most.
    expect(keystrokes / 2).toBeLessThanOrEqual(2);
    console.log(`keyboard labelling: ${keystrokes} keystrokes for 2 pairs`);

    // u goes back to the pair last labelled from this tab, where its label can be changed; p and n step through.
    if (pairs.length > 2) {
      await page.keyboard.press("u");
      await expect.poll(heading, { timeout: 20_000 }).toBe(`Pair #${pairs[1]!.position}`);
      await ready();
    }
    await page.keyboard.press("p");
    await expect.poll(heading, { timeout: 20_000 }).toBe(`Pair #${pairs[0]!.position}`);
    await ready();
    await page.keyboard.press("n");
    await expect.poll(heading, { timeout: 20_000 }).toBe(`Pair #${pairs[1]!.position}`);
    // What the judge said lists each verdict once, however often the scorings gave it.
    const reveal = await page.getByTestId("reveal").innerText();
    const lines = reveal.split("\n").filter((l) => /^(Match|Not a match) by /.test(l));
    expect(new Set(lines).size).toBe(lines.length);
    await context.close();
  });
});
