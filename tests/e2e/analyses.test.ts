// The analyses beyond the scores, end to end: the worker computes each run's fix-rank test (§C.4) and the stable-beta
// fit (§E.2) after scoring, approval brings Holm's adjustment, fix dates can be imported once for a version that lacks
// them, and the board, the submission page and the bug-types page show it all (browser, axe).

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { importBenchmark } from "../../lib/server/benchmarks/import-benchmark";
import { benchmarkFileSchema } from "../../lib/validation/benchmark-file";
import { db, finding, seedBenchmark, uniqueSlug, userWithToken, waitForStatus } from "../support/fixtures";
import { launchBrowser } from "../support/browser";

const webUrl = inject("webUrl");
const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const CATEGORIES = ["Unhandled degenerate value", "Wrong arithmetic or comparison expression"];
const REPOS = ["acme/alpha", "acme/beta"];
const PER_REPO = 30;

let slug: string;
let id: string;
let repeatedId: string;
let submitter: { id: string; token: string };
let admin: { id: string; token: string };
let browser: Browser;

const bugId = (repo: string, i: number) => `${repo.split("/")[1]}-${i}`;

function datedBenchmark(name: string) {
  return benchmarkFileSchema.parse({
    slug: name,
    name: "Analyses benchmark",
    version: "1",
    snapshot_date: "2025-01-01",
    repositories: REPOS.map((r) => ({ name: r, language: "python" })),
    taxonomy: { families: [{ name: "Local faults", categories: CATEGORIES.map((c) => ({ name: c })) }] },
    reference_bugs: REPOS.flatMap((repo, r) =>
      Array.from({ length: PER_REPO }, (_, i) => ({
        id: bugId(repo, i),
        repo,
        file: `src/module_${i}.py`,
        line_start: 10,
        line_end: 20,
        title: `Defect ${i} of ${repo} [root:${bugId(repo, i)}]`,
        description: `Defect ${i} of ${repo}. [root:${bugId(repo, i)}]`,
        code_snippet: `handle_${i}(x)`,
        category: CATEGORIES[i % 2],
        // One fix a day, the two repositories interleaved: bug i of a repository is its i-th fix.
        fixed_at: new Date(Date.UTC(2025, 2, 1) + (2 * i + r) * 86_400_000).toISOString(),
      })),
    ),
  });
}

const findingFor = (repo: string, i: number) =>
  finding(bugId(repo, i), repo, `src/module_${i}.py`, 12, 18, `Defect ${i} found`);

async function api<T>(path: string, token?: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`${webUrl}${path}`, {
    ...init,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(init.body ? { "content-type": "application/json" } : {}),
    },
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text.startsWith("{") || text.startsWith("[") ? JSON.parse(text) : text) as T,
  };
}

type Analyses = {
  contamination: {
    knowledge_cutoff: string | null;
    cutoff_position: string;
    reference_window: { from: string; to: string } | null;
    runs: {
      run: number;
      matched: number;
      d: number | null;
      p: number | null;
      p_holm: number | null;
      holm_family: number | null;
      holm_note: string | null;
      low_power: boolean;
      permutations: number;
      no_test_reason: string | null;
      cdf: unknown[];
    }[];
  };
  repeated: {
    fit: { runs: number; distinct: number; observed: number[]; parameters: { sigma: number } } | null;
    no_fit_reason: string | null;
  } | null;
};

beforeAll(async () => {
  slug = uniqueSlug("analyses");
  await importBenchmark(datedBenchmark(slug));
  submitter = await userWithToken("user");
  admin = await userWithToken("admin");
  // Run 1 matches the 15 and 10 earliest-fixed bugs of the two repositories (a strong early-fix lean); run 2 only 10.
  const run1 = [
    ...Array.from({ length: 15 }, (_, i) => findingFor(REPOS[0]!, i)),
    ...Array.from({ length: 10 }, (_, i) => findingFor(REPOS[1]!, i)),
  ];
  const run2 = Array.from({ length: 10 }, (_, i) => findingFor(REPOS[0]!, i));
  const created = await api<{ id: string }>("/api/v1/submissions", submitter.token, {
    method: "POST",
    body: JSON.stringify({
      benchmark: slug,
      model: "Early Fixer",
      harness: "probe-passes",
      knowledge_cutoff: "2025-03",
      runs: [{ findings: run1 }, { findings: run2 }],
    }),
  });
  expect(created.status).toBe(202);
  id = created.body.id;
  expect((await waitForStatus(webUrl, id, submitter.token)).status).toBe("scored");
  ({ browser } = await launchBrowser());
}, 300_000);

afterAll(async () => {
  await browser?.close();
});

describe("fix-rank contamination test", () => {
  it("is computed per run after scoring, with a reason where there is no test", async () => {
    const { status, body } = await api<Analyses>(`/api/v1/submissions/${id}/analyses`, submitter.token);
    expect(status).toBe(200);
    const [first, second] = body.contamination.runs;
    expect(first).toMatchObject({
      run: 1,
      matched: 25,
      permutations: 10_000,
      no_test_reason: null,
      p_holm: null,
      low_power: false,
    });
    expect(first!.holm_note).toContain("approved");
    // All matched bugs are the earliest fixes: F reaches 1 at u = 0.5 where the null is near 0.45.
    expect(first!.d!).toBeGreaterThan(0.4);
    expect(first!.p!).toBeLessThan(0.001);
    expect(first!.cdf.length).toBeGreaterThan(100);
    // A small run is tested all the same (§C.4 drops none), and flagged as too small to have power.
    expect(second).toMatchObject({ run: 2, matched: 10, no_test_reason: null, low_power: true });
    expect(second!.p).not.toBeNull();
    expect(body.contamination).toMatchObject({ knowledge_cutoff: "2025-03", cutoff_position: "inside" });
    // Someone else does not see an unapproved submission's analyses, nor learns that it exists.
    expect((await api(`/api/v1/submissions/${id}/analyses`)).status).toBe(404);
  });

  it("is Holm-adjusted across the version's approved runs once approved, and shows on the board and in its CSV", async () => {
    const review = await api(`/api/v1/admin/submissions/${id}/review`, admin.token, {
      method: "POST",
      body: JSON.stringify({ decision: "approve" }),
    });
    expect(review.status).toBe(200);
    const { body } = await api<Analyses>(`/api/v1/submissions/${id}/analyses`);
    // A family of the two tested runs: the smaller p is doubled (Holm's first step).
    const [first, second] = body.contamination.runs;
    expect(first!.p_holm).toBeCloseTo(Math.min(1, 2 * first!.p!), 12);
    expect(first!.holm_family).toBe(2);
    expect(second!.holm_family).toBe(2);
    await expect
      .poll(
        async () =>
          (
            await api<{
              rows: { id: string; contamination: { min_p_holm: number | null; tested_runs: number } | null }[];
            }>(`/api/v1/leaderboard?benchmark=${slug}@1`)
          ).body.rows.find((r) => r.id === id)?.contamination ?? null,
        { timeout: 20_000 },
      )
      .toMatchObject({ tested_runs: 2, min_p_holm: first!.p_holm, holm_family: 2 });
    const csv = (await api<string>(`/api/v1/leaderboard?benchmark=${slug}@1&format=csv`)).body;
    expect(csv.split("\n")[0]).toContain("contamination_min_p_holm,contamination_holm_family");
  });

  it("shows no stable-beta fit for two runs, saying why (not identified, nothing to test)", async () => {
    const { body } = await api<Analyses>(`/api/v1/submissions/${id}/analyses`);
    expect(body.repeated?.fit).toBeNull();
    expect(body.repeated?.no_fit_reason).toContain("not identified");
  });

  it("takes fix dates once for a version imported without them, audited, and then tests its runs", async () => {
    const plain = await seedBenchmark();
    const created = await api<{ id: string }>("/api/v1/submissions", submitter.token, {
      method: "POST",
      body: JSON.stringify({
        benchmark: plain,
        model: "Undated",
        findings: [finding("P1", "acme/parser", "parser/lexer.py", 42, 47, "Final token lost")],
      }),
    });
    await waitForStatus(webUrl, created.body.id, submitter.token);
    const before = await api<Analyses>(`/api/v1/submissions/${created.body.id}/analyses`, submitter.token);
    expect(before.body.contamination.runs[0]!.no_test_reason).toContain("no fix dates");
    expect(before.body.contamination.reference_window).toBeNull();

    const file = {
      fix_dates: [
        { repo: "acme/parser", id: "P1", fixed_at: "2025-03-01T10:00:00Z" },
        { repo: "acme/ui", id: "U1", fixed_at: "2025-04-01T10:00:00+02:00" },
      ],
    };
    const path = `/api/v1/admin/benchmarks/${plain}@1/fix-dates`;
    expect((await api(path, submitter.token, { method: "POST", body: JSON.stringify(file) })).status).toBe(403);
    const unknown = await api<{ error: { message: string } }>(path, admin.token, {
      method: "POST",
      body: JSON.stringify({ fix_dates: [{ repo: "acme/parser", id: "NOPE", fixed_at: "2025-03-01T10:00:00Z" }] }),
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.message).toContain("NOPE");
    const bad = await api(path, admin.token, {
      method: "POST",
      body: JSON.stringify({ fix_dates: [{ repo: "acme/parser", id: "P1", fixed_at: "March" }] }),
    });
    expect(bad.status).toBe(422);
    expect(
      await db.referenceBug.count({ where: { repository: { benchmark: { slug: plain } }, fixedAt: { not: null } } }),
    ).toBe(0);

    const imported = await api<{ dated: number; tests: string }>(path, admin.token, {
      method: "POST",
      body: JSON.stringify(file),
    });
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ dated: 2, reference_bugs: 4, tests: "queued" });
    const u1 = await db.referenceBug.findFirst({
      where: { externalId: "U1", repository: { benchmark: { slug: plain } } },
    });
    expect(u1!.fixedAt!.toISOString()).toBe("2025-04-01T08:00:00.000Z");
    expect(
      await db.auditLog.count({ where: { action: "benchmark.fix_dates", actorId: admin.id } }),
    ).toBeGreaterThanOrEqual(1);
    expect((await api(path, admin.token, { method: "POST", body: JSON.stringify(file) })).status).toBe(409);
    // The worker recomputes the version's tests: one matched dated bug is tested, flagged as lacking power.
    await expect
      .poll(
        async () =>
          (await api<Analyses>(`/api/v1/submissions/${created.body.id}/analyses`, submitter.token)).body.contamination
            .runs[0]?.low_power ?? false,
        { timeout: 30_000 },
      )
      .toBe(true);
    const after = await api<Analyses>(`/api/v1/submissions/${created.body.id}/analyses`, submitter.token);
    expect(after.body.contamination.reference_window).toEqual({
      from: "2025-03-01T10:00:00.000Z",
      to: "2025-04-01T08:00:00.000Z",
    });
  });
});

describe("overlap within bug types (Figure 7)", () => {
  it("compares the runs' overlap with one another to their recall, per category", async () => {
    // Category 0 (even bugs, 30): run 1 finds 8 + 5 = 13, run 2 finds 5 of them: recall 9 / 30, overlap
    // (5/13 + 1) / 2 = 9/13, ratio 30/13. Category 1 (odd, 30): 7 + 5 = 12 and 5: recall 17/60, overlap 17/24, ratio 2.5.
    type Runs = {
      category_overlap: {
        median_ratio: number;
        categories: { category: string; reference_recall: number; run_overlap: number; ratio: number }[];
      };
    };
    const { body } = await api<Runs>(`/api/v1/submissions/${id}/runs`, submitter.token);
    const [even, odd] = body.category_overlap.categories;
    expect(even!.category).toBe(CATEGORIES[0]);
    expect(even!.reference_recall).toBeCloseTo(0.3, 9);
    expect(even!.run_overlap).toBeCloseTo(9 / 13, 9);
    expect(odd!.ratio).toBeCloseTo(2.5, 9);
    expect(body.category_overlap.median_ratio).toBeCloseTo((30 / 13 + 2.5) / 2, 9);
    const csv = await api<string>(`/api/v1/submissions/${id}/runs?format=csv&table=category_overlap`, submitter.token);
    expect(csv.status).toBe(200);
    expect(csv.body.split("\n")[0]).toContain("category,reference_bugs");
  });
});

describe("other configurations' share by runs finding a bug (Figure 8)", () => {
  type Agreement = {
    configurations: number;
    other_entries: { model: string; harness: string }[];
    same_model_entries: number;
    held_out_run: number | null;
    no_data_reason: string | null;
    buckets: {
      runs_finding: number;
      reference_bugs: number;
      configurations: number;
      others_share: number | null;
      held_out_share: number | null;
      baseline_mean: number | null;
      baseline_low: number | null;
      baseline_high: number | null;
    }[];
  };

  it("holds out the last run and compares the other approved entry with a category-matched baseline", async () => {
    // The approved two-run entry is the other configuration: its first run finds alpha 0-14 and beta 0-9. Here runs 1
    // and 2 both find alpha 0-4, one of them alpha 5-9 and 20-24; the held-out run 3 finds alpha 0-2 and beta 20.
    const alpha = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => findingFor(REPOS[0]!, from + i));
    const created = await api<{ id: string }>("/api/v1/submissions", submitter.token, {
      method: "POST",
      body: JSON.stringify({
        benchmark: slug,
        model: "Repeated Finder",
        runs: [
          { findings: alpha(0, 9) },
          { findings: [...alpha(0, 4), ...alpha(20, 24)] },
          { findings: [...alpha(0, 2), findingFor(REPOS[1]!, 20)] },
        ],
      }),
    });
    repeatedId = created.body.id;
    expect((await waitForStatus(webUrl, repeatedId, submitter.token)).status).toBe("scored");
    const { body } = await api<{ run_agreement: Agreement }>(`/api/v1/submissions/${repeatedId}/runs`, submitter.token);
    const agreement = body.run_agreement;
    expect(agreement).toMatchObject({ configurations: 1, held_out_run: 2, no_data_reason: null });
    // Figure 8's other models: the two-run entry is another model's; none of this model's is left out.
    expect(agreement.other_entries).toMatchObject([{ model: "Early Fixer", harness: "probe-passes" }]);
    expect(agreement.same_model_entries).toBe(0);
    const [none, one, both] = agreement.buckets;
    // Both runs: alpha 0-4, all found by the other entry; the held-out run finds 3 of 5.
    expect(both).toMatchObject({ runs_finding: 2, reference_bugs: 5, configurations: 1, others_share: 1 });
    expect(both!.held_out_share).toBeCloseTo(0.6, 12);
    // One run: alpha 5-9 (found by the other entry) and 20-24 (not): 1/2; the held-out run none.
    expect(one).toMatchObject({ runs_finding: 1, reference_bugs: 10, others_share: 0.5, held_out_share: 0 });
    // Neither: the other 45 bugs, of which the other entry finds alpha 10-14 and beta 0-9; the held-out run beta 20.
    expect(none).toMatchObject({ runs_finding: 0, reference_bugs: 45 });
    expect(none!.others_share).toBeCloseTo(15 / 45, 12);
    expect(none!.held_out_share).toBeCloseTo(1 / 45, 12);
    // At random within types, alpha 0-4 (three of the even category, two of the odd) would be found
    // (3 * 13/30 + 2 * 12/30) / 5 = 0.42 of the time: the other entry finds 13 of 30 even bugs and 12 of 30 odd ones.
    expect(Math.abs(both!.baseline_mean! - 0.42)).toBeLessThan(0.06);
    expect(both!.baseline_low!).toBeLessThanOrEqual(both!.baseline_mean!);
    expect(both!.baseline_high!).toBeGreaterThanOrEqual(both!.baseline_mean!);
    const csv = await api<string>(
      `/api/v1/submissions/${repeatedId}/runs?format=csv&table=run_agreement`,
      submitter.token,
    );
    expect(csv.body.split(/\r?\n/)[0]).toBe(
      "runs_finding,reference_bugs,uncategorised_reference_bugs,other_configurations,others_share,held_out_share,baseline_mean,baseline_low_2_5,baseline_high_97_5",
    );
    // §4.3's share reported by another run, over the groups of all runs: run 1's alpha 0-4 of its ten, run 2's alpha
    // 0-4 of its ten, run 3's alpha 0-2 of its four.
    const share = await api<{ run_share: { per_run: number[]; mean: number; published: unknown[] } }>(
      `/api/v1/submissions/${repeatedId}/runs`,
      submitter.token,
    );
    expect(share.body.run_share.per_run).toEqual([0.5, 0.5, 0.75]);
    expect(share.body.run_share.mean).toBeCloseTo(1.75 / 3, 12);
    expect(share.body.run_share.published).toEqual([]);
    const shareCsv = await api<string>(
      `/api/v1/submissions/${repeatedId}/runs?format=csv&table=run_share`,
      submitter.token,
    );
    expect(shareCsv.body.split(/\r?\n/).slice(0, 2)).toEqual(["run,share_reported_by_another_run", "1,0.5"]);
    // Two runs leave no run to condition on once one is held out: the reason instead of numbers.
    const two = await api<{ run_agreement: Agreement }>(`/api/v1/submissions/${id}/runs`);
    expect(two.body.run_agreement).toMatchObject({ held_out_run: null, buckets: [] });
    expect(two.body.run_agreement.no_data_reason).toContain("three runs");
    // Public, so the page test below can read it without signing in.
    const review = await api(`/api/v1/admin/submissions/${repeatedId}/review`, admin.token, {
      method: "POST",
      body: JSON.stringify({ decision: "approve" }),
    });
    expect(review.status).toBe(200);
  });
});

describe("bug-type distances", () => {
  it("gives the Jensen-Shannon distance of each configuration to the reference set", async () => {
    // The attribution worker's output for run 1's findings (attribution after scoring is off in tests): all in one category.
    // Run 2's findings all in the other category: the runs are as far apart as can be (1).
    const findings = await db.finding.findMany({
      where: { run: { submissionId: id } },
      select: { id: true, run: { select: { index: true } } },
    });
    await db.bugTypeAttribution.createMany({
      data: findings.map((f) => ({
        subjectKind: "finding",
        subjectId: f.id,
        category: CATEGORIES[f.run.index]!,
        model: "fake-attribution",
        source: "llm",
      })),
    });
    // Bump the version's stamp the way a new attribution does, so the cached distances are read again.
    await db.submission.update({ where: { id }, data: { updatedAt: new Date() } });
    type Distances = {
      base: number;
      subjects: { kind: string; submission_id: string | null; n: number }[];
      distances: (number | null)[][];
      within_configuration: {
        runs: number;
        run_to_run: { n: number; mean: number } | null;
        reference_to_runs: { n: number; mean: number; min: number; max: number } | null;
        to_other_configurations: { n: number } | null;
      }[];
      run_pairs: { within_configurations: { n: number; mean: number } | null; across_configurations: unknown };
    };
    await expect
      .poll(
        async () => (await api<Distances>(`/api/v1/bug-types/distances?benchmark=${slug}@1`)).body.subjects.length,
        { timeout: 20_000 },
      )
      .toBe(2);
    const { body } = await api<Distances>(`/api/v1/bug-types/distances?benchmark=${slug}@1`);
    expect(body.base).toBe(2);
    expect(body.subjects.map((s) => [s.kind, s.n])).toEqual([
      ["reference", 60],
      ["configuration", 25],
    ]);
    // (1/2, 1/2) against (1, 0): sqrt(1.5 - 0.75 log2 3).
    const d = Math.sqrt(1.5 - 0.75 * Math.log2(3));
    expect(body.distances[0]![1]).toBeCloseTo(d, 9);
    // Over every run: run 1 (all the first category) against run 2 (all the second) is 1; the reference set is d
    // from each.
    const [within] = body.within_configuration;
    expect(within).toMatchObject({ runs: 2, run_to_run: { n: 1 }, reference_to_runs: { n: 2 } });
    expect(within!.run_to_run!.mean).toBeCloseTo(1, 9);
    expect(within!.reference_to_runs!.min).toBeCloseTo(d, 9);
    expect(within!.reference_to_runs!.max).toBeCloseTo(d, 9);
    // Figure 7 over every distinct finding, typed by these labels: run 1's 25 distinct findings and run 2's ten (alpha
    // 0-9, both runs, a tie between the two labels that goes to the first name) are all of the first type; overlap
    // (10/25 + 10/10) / 2 = 0.7 against the runs' recall of its reference bugs, 0.3 (the benchmark's categories).
    type Distinct = {
      same_labeller: boolean;
      unavailable_reason: string | null;
      categories: { category: string; distinct_findings: number; run_overlap: number; ratio: number }[];
    };
    const runs = await api<{ category_overlap_distinct: Distinct }>(`/api/v1/submissions/${id}/runs`, submitter.token);
    const distinct = runs.body.category_overlap_distinct;
    expect(distinct).toMatchObject({ same_labeller: false, unavailable_reason: null });
    expect(distinct.categories).toHaveLength(1);
    expect(distinct.categories[0]).toMatchObject({ category: CATEGORIES[0], distinct_findings: 25 });
    expect(distinct.categories[0]!.run_overlap).toBeCloseTo(0.7, 9);
    expect(distinct.categories[0]!.ratio).toBeCloseTo(7 / 3, 9);
    // One configuration has attributed runs: no other configuration's runs to compare with.
    expect(within!.to_other_configurations).toBeNull();
    expect(body.run_pairs.within_configurations).toMatchObject({ n: 1 });
    expect(body.run_pairs.across_configurations).toBeNull();
  });
});

async function violations(page: Page, url: string): Promise<string[]> {
  await page.goto(`${webUrl}${url}`, { waitUntil: "load" });
  await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => undefined);
  await page.evaluate(AXE);
  const found = (await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: object,
          ) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    return (await axe.run(document, { resultTypes: ["violations"] })).violations;
  })) as { id: string; impact: string; nodes: { target: string[] }[] }[];
  return found.map((v) => `${url}: ${v.impact} ${v.id} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

describe("pages", () => {
  it("show the tests, the fit and the distances, with no axe violation", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const found: string[] = [];
    found.push(...(await violations(page, `/submissions/${id}`)));
    await page.getByRole("heading", { name: "Contamination: fix-rank test" }).waitFor();
    expect(await page.getByRole("table", { name: "Fix-rank test per run" }).locator("tbody tr").count()).toBe(2);
    await page.getByRole("img", { name: /Cumulative share of matched bugs/ }).waitFor();
    await page.getByRole("table", { name: /Both CDFs at every tenth/ }).waitFor();
    await page.getByRole("heading", { name: "Repeated discovery: stable-beta fit" }).waitFor();
    await page.getByText(/parameters are not identified/).waitFor();
    await page.getByRole("img", { name: /^Precision over recall/ }).waitFor();
    await page.getByRole("img", { name: /^Union growth: distinct findings/ }).waitFor();
    await page.getByRole("table", { name: /^Union of runs 1\.\.n/ }).waitFor();
    await page.getByRole("table", { name: /^Per bug type: overlap between runs/ }).waitFor();
    // Figure 7's rows are named by category, each name whole inside the chart (a wide font clipped first letters).
    const rowNames = await page
      .getByRole("img", { name: /^Overlap between runs and recall/ })
      .locator("text")
      .evaluateAll((texts) => texts.map((t) => ({ text: t.textContent, x: (t as SVGTextElement).getBBox().x })));
    expect(rowNames.map((t) => t.text)).toEqual(
      expect.arrayContaining([CATEGORIES[0], "Wrong arithmetic or compariso…"]),
    );
    expect(rowNames.filter((t) => t.x < 0)).toEqual([]);
    await page.getByText(/Needs at least three runs/).waitFor();
    found.push(...(await violations(page, `/submissions/${repeatedId}`)));
    await page.getByRole("table", { name: /^Per run: the share of its distinct findings another run/ }).waitFor();
    await page.getByRole("img", { name: /^Share of reference bugs other configurations find/ }).waitFor();
    expect(
      await page
        .getByRole("table", { name: /^Reference bugs by how many of 2 runs/ })
        .locator("tbody tr")
        .count(),
    ).toBe(3);

    found.push(...(await violations(page, `/bug-types?benchmark=${slug}@1`)));
    await page.getByRole("table", { name: /Jensen-Shannon distance/ }).waitFor();
    await page.getByRole("table", { name: /^Over every run of each configuration/ }).waitFor();

    // §C.2 under Tables 12-13: the rank agreement beside the paper's values.
    found.push(...(await violations(page, `/repositories?benchmark=${slug}@1`)));
    await page.getByRole("table", { name: /^Bug count against recall, and the concordance/ }).waitFor();

    // The contamination column is hidden by default and chosen in the column chooser (kept in the URL).
    await page.goto(`${webUrl}/?benchmark=${slug}@1`, { waitUntil: "load" });
    await page.locator("table.leaderboard tbody tr[data-row-id]").first().waitFor({ timeout: 30_000 });
    expect(await page.getByRole("columnheader", { name: /Contamination/ }).count()).toBe(0);
    // §4.1 under the board: recall against findings over the full-harness entries.
    expect(await page.getByTestId("recall-findings").textContent()).toMatch(/Pearson r = .*0\.94/);
    await page.locator("details.dropdown summary", { hasText: "Columns" }).click();
    await page.getByRole("checkbox", { name: /Contamination/ }).check();
    await page.getByRole("columnheader", { name: /Contamination/ }).waitFor();
    await expect.poll(() => page.url()).toMatch(/cols=/);
    found.push(...(await violations(page, page.url().replace(webUrl, ""))));
    await page.close();
    expect(found).toEqual([]);
  });
});
