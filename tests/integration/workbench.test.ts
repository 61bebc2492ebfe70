// The maintainer's workbench through the real web app and worker (docs/workbench.md): a file with known true pairs gives the
// matches answer pair by pair; the pair view shows the six signals and the verdict; a maintainer's override is
// audit-logged, rescored (without asking the judge about the overridden pair) and changes the score of every
// submission holding that finding text; withdrawing it rescores again; found_by counts approved configurations; and a
// version imported with hidden reference details shows them to staff only, in the API, the downloads and the pages.

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { closeQueues } from "../../lib/queue/queues";
import { importBenchmark } from "../../lib/server/benchmarks/import-benchmark";
import { benchmarkFileSchema } from "../../lib/validation/benchmark-file";
import { db, finding, smallBenchmark, uniqueSlug, waitForStatus } from "../support/fixtures";
import { approveSubmission, call, createTestUser, signIn, type TestUser } from "./authz-support";

const webUrl = inject("webUrl");
const fakeUrl = inject("fakeOpenAiUrl");
const tag = randomUUID().slice(0, 8);

let slug: string;
let owner: TestUser;
let other: TestUser;
let maintainer: TestUser;
let admin: TestUser;
let maintainerCookie: string;
let subA: string;
let subB: string;

// Page text without React's text-node separators.
const pageText = (html: string) => html.replaceAll("<!-- -->", "");

const judgedCalls = async (text: string): Promise<number> =>
  (await (await fetch(`${fakeUrl.replace(/\/v1$/, "")}/__judged?text=${encodeURIComponent(text)}`)).json()).calls;

// Known true pairs ([root:X] markers decide the fake judge): A1 -> P1, the finding without an id (r0-1) -> P2, U9 -> U1.
// X7 overlaps P1's lines (the prefilter keeps the pair) but has another root cause, so the judge says no.
const X7_TITLE = `Tab width ignored when computing columns (${tag})`;
const fileA = () => ({
  benchmark: slug,
  model: "Workbench A",
  findings: [
    {
      id: "A1",
      ...finding("P1", "acme/parser", "parser/lexer.py", 42, 47, `Final token lost without trailing newline (${tag})`),
    },
    finding("P2", "acme/parser", "parser/ast.py", 101, 104, `Exponent operator binds too loosely (${tag})`),
    { id: "X7", ...finding("X7", "acme/parser", "parser/lexer.py", 44, 52, X7_TITLE) },
    {
      id: "U9",
      ...finding("U1", "acme/ui", "src/render.ts", 201, 214, `Tooltip element leaks after the chart unmounts (${tag})`),
    },
  ],
});

async function upload(user: TestUser, file: unknown): Promise<string> {
  const created = await call(webUrl, "POST", "/api/v1/submissions", { token: user.token }, file);
  expect(created.status).toBe(202);
  return created.json.id;
}

async function approve(id: string): Promise<void> {
  expect(await approveSubmission(webUrl, id, admin.token)).toBe(200);
}

beforeAll(async () => {
  slug = uniqueSlug("wb");
  await importBenchmark(smallBenchmark(slug));
  owner = await createTestUser("user");
  other = await createTestUser("user");
  maintainer = await createTestUser("maintainer");
  admin = await createTestUser("admin");
  maintainerCookie = await signIn(webUrl, maintainer);
  subA = await upload(owner, fileA());
  // B holds X7's exact text (same content hash), so an override of X7 -> P1 concerns it too.
  subB = await upload(other, {
    benchmark: slug,
    model: "Workbench B",
    findings: [{ id: "B-X7", ...finding("X7", "acme/parser", "parser/lexer.py", 44, 52, X7_TITLE) }],
  });
  await Promise.all([waitForStatus(webUrl, subA, owner.token), waitForStatus(webUrl, subB, other.token)]);
});

afterAll(async () => {
  await closeQueues();
});

describe("matches and pairs", () => {
  it("answers the matches of a file with known true pairs, pair by pair", async () => {
    const response = await call(webUrl, "GET", `/api/v1/submissions/${subA}/matches`, { token: owner.token });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      submission_id: subA,
      run: 0,
      runs: 1,
      status: "scored",
      repositories: [
        {
          repo: "acme/parser",
          matched: [
            {
              reference_bug_id: "P1",
              finding_ids: ["A1"],
              decided_by: "judge",
              pairs: [{ finding_id: "A1", decided_by: "judge" }],
            },
            {
              reference_bug_id: "P2",
              finding_ids: ["r0-1"],
              decided_by: "judge",
              pairs: [{ finding_id: "r0-1", decided_by: "judge" }],
            },
          ],
          unmatched_reference_bug_ids: ["P3"],
          unmatched_finding_ids: ["X7"],
        },
        {
          repo: "acme/ui",
          matched: [
            {
              reference_bug_id: "U1",
              finding_ids: ["U9"],
              decided_by: "judge",
              pairs: [{ finding_id: "U9", decided_by: "judge" }],
            },
          ],
          unmatched_reference_bug_ids: [],
          unmatched_finding_ids: [],
        },
      ],
    });
    const one = await call(webUrl, "GET", `/api/v1/submissions/${subA}/matches?repo=acme/ui`, { token: owner.token });
    expect(one.json.repositories.map((r: { repo: string }) => r.repo)).toEqual(["acme/ui"]);
    expect(
      (await call(webUrl, "GET", `/api/v1/submissions/${subA}/matches?run=1`, { token: owner.token })).status,
    ).toBe(404);
    expect(
      (await call(webUrl, "GET", `/api/v1/submissions/${subA}/matches?run=x`, { token: owner.token })).status,
    ).toBe(422);
    const csv = await call(webUrl, "GET", `/api/v1/submissions/${subA}/matches?format=csv`, { token: owner.token });
    expect(csv.headers.get("content-type")).toMatch(/text\/csv/);
    expect(csv.text.split("\r\n")[0]).toBe(
      "submission_id,run,repo,kind,reference_bug_id,finding_id,decided_by,strongest_signal,strength_vs_threshold",
    );
    expect(csv.text).toContain(`${subA},0,acme/parser,matched,P1,A1,judge,,`);
    expect(csv.text).toContain(`${subA},0,acme/parser,missed,P3,,,,`);
    expect(csv.text).toMatch(new RegExp(`${subA},0,acme/parser,unmatched_finding,P1,X7,,line_overlap,`));
  });

  it("shows a pair: both records, the six signals against their thresholds, and the judge's verdict", async () => {
    const pair = await call(webUrl, "GET", `/api/v1/submissions/${subA}/pairs/X7/P1`, { token: owner.token });
    expect(pair.status).toBe(200);
    expect(pair.json.finding).toMatchObject({
      id: "X7",
      run: 0,
      repo: "acme/parser",
      file: "parser/lexer.py",
      line_start: 44,
      line_end: 52,
    });
    expect(pair.json.reference_bug).toMatchObject({
      id: "P1",
      file: "parser/lexer.py",
      line_start: 40,
      line_end: 48,
      code_snippet: "next_token(buf)",
    });
    expect(pair.json.signals.map((s: { signal: string }) => s.signal)).toEqual([
      "line_overlap",
      "full_text_embedding",
      "description_embedding",
      "snippet_tokens",
      "identifiers",
      "api_calls",
    ]);
    // Lines 44-52 against 40-48: 5 shared of 13.
    expect(pair.json.signals[0]).toMatchObject({ threshold: 0.02, reached: true, value: expect.closeTo(5 / 13, 6) });
    expect(pair.json.verdict).toMatchObject({
      match: false,
      judge_model: expect.any(String),
      prompt_version: expect.any(String),
      offline_judge: false,
    });
    expect(pair.json.verdict.rationale).toContain("root markers X7 / P1");
    expect(pair.json).toMatchObject({
      matched: false,
      decided_by: "judge",
      override: null,
      proposed: true,
      can_override: false,
    });
    // The generated id of a finding uploaded without one addresses it; an unknown or cross-repository pair does not exist.
    expect(
      (await call(webUrl, "GET", `/api/v1/submissions/${subA}/pairs/r0-1/P2`, { token: owner.token })).json.matched,
    ).toBe(true);
    expect(
      (await call(webUrl, "GET", `/api/v1/submissions/${subA}/pairs/r0-2/P1`, { token: owner.token })).status,
    ).toBe(404);
    expect((await call(webUrl, "GET", `/api/v1/submissions/${subA}/pairs/U9/P1`, { token: owner.token })).status).toBe(
      404,
    );
    expect((await call(webUrl, "GET", `/api/v1/submissions/${subA}/pairs/X7/P1`, { token: other.token })).status).toBe(
      404,
    );
  });
});

describe("runs and pages", () => {
  it("gives findings without an id a stable r<run>-<index> id in every run", async () => {
    const id = await upload(other, {
      benchmark: slug,
      model: "Workbench runs",
      runs: [
        {
          findings: [
            finding(
              "U1",
              "acme/ui",
              "src/render.ts",
              201,
              214,
              `Tooltip element leaks after the chart unmounts (${tag})`,
            ),
          ],
        },
        {
          findings: [
            finding("X8", "acme/parser", "parser/lexer.py", 44, 52, `Tab stops misread (${tag})`),
            finding(
              "U1",
              "acme/ui",
              "src/render.ts",
              201,
              214,
              `Tooltip element leaks after the chart unmounts (${tag})`,
            ),
          ],
        },
      ],
    });
    await waitForStatus(webUrl, id, other.token);
    const run1 = await call(webUrl, "GET", `/api/v1/submissions/${id}/matches?run=1`, { token: other.token });
    expect(run1.json).toMatchObject({ run: 1, runs: 2 });
    expect(run1.json.repositories).toEqual([
      {
        repo: "acme/parser",
        matched: [],
        unmatched_reference_bug_ids: ["P1", "P2", "P3"],
        unmatched_finding_ids: ["r1-0"],
      },
      {
        repo: "acme/ui",
        matched: [
          {
            reference_bug_id: "U1",
            finding_ids: ["r1-1"],
            decided_by: "judge",
            pairs: [{ finding_id: "r1-1", decided_by: "judge" }],
          },
        ],
        unmatched_reference_bug_ids: [],
        unmatched_finding_ids: [],
      },
    ]);
    expect(
      (await call(webUrl, "GET", `/api/v1/submissions/${id}/pairs/r1-1/U1`, { token: other.token })).json.finding,
    ).toMatchObject({ id: "r1-1", run: 1 });
    expect(
      (await call(webUrl, "GET", `/api/v1/submissions/${id}/pairs/r0-0/U1`, { token: other.token })).json.finding,
    ).toMatchObject({ id: "r0-0", run: 0 });
  });

  it("renders the matches, pair and compare pages for those who may see them, and 404 for anyone else", async () => {
    const ownerCookie = await signIn(webUrl, owner);
    const matches = await call(webUrl, "GET", `/submissions/${subA}/matches?repo=acme/parser`, { cookie: ownerCookie });
    expect(matches.status).toBe(200);
    expect(pageText(matches.text)).toContain("Unmatched findings (1)");
    expect(matches.text).toContain(`/submissions/${subA}/pairs/X7/P1?run=0`);
    expect((await call(webUrl, "GET", `/submissions/${subA}/matches`)).status).toBe(404);
    expect((await call(webUrl, "GET", `/submissions/${subA}/pairs/X7/P1`)).status).toBe(404);
    const pair = await call(webUrl, "GET", `/submissions/${subA}/pairs/X7/P1`, { cookie: ownerCookie });
    expect(pair.status).toBe(200);
    expect(pair.text).toContain("Not a match, decided by the judge");
    // Only staff get the override form.
    expect(pair.text).not.toContain("Reason (required)");
    expect(
      (await call(webUrl, "GET", `/submissions/${subA}/pairs/X7/P1`, { cookie: maintainerCookie })).text,
    ).toContain("Reason (required)");
    const compare = await call(webUrl, "GET", `/compare?repo=acme/parser&a=${subA}&b=${subB}`, {
      cookie: maintainerCookie,
    });
    expect(compare.status).toBe(200);
    expect(pageText(compare.text)).toContain("Neither found (1)");
    expect((await call(webUrl, "GET", "/compare?repo=acme/parser")).text).toContain(
      "Choose a repository and two submissions",
    );
  });
});

describe("overrides", () => {
  let overrideId: string;

  it("refuses anonymous callers (401), users (403) and an override without a reason (422)", async () => {
    const body = {
      submission_id: subA,
      finding_id: "X7",
      reference_bug_id: "P1",
      decision: "match",
      reason: "same root cause",
    };
    expect((await call(webUrl, "POST", "/api/v1/overrides", {}, body)).status).toBe(401);
    expect((await call(webUrl, "POST", "/api/v1/overrides", { token: owner.token }, body)).status).toBe(403);
    const missing = await call(
      webUrl,
      "POST",
      "/api/v1/overrides",
      { token: maintainer.token },
      { ...body, reason: "  " },
    );
    expect(missing.status).toBe(422);
    expect(missing.json.error.issues).toEqual([{ path: "reason", message: "required: say why the judge was wrong" }]);
    const crossRepo = await call(
      webUrl,
      "POST",
      "/api/v1/overrides",
      { token: maintainer.token },
      { ...body, reference_bug_id: "U1" },
    );
    expect(crossRepo.status).toBe(422);
    expect(crossRepo.json.error.issues[0].message).toContain("U1 is in acme/ui");
  });

  it("overrides a pair: audit-logged, both submissions holding the finding rescored without judging it, scores change", async () => {
    const before = await waitForStatus(webUrl, subA, owner.token);
    expect(before.scores.overall).toMatchObject({
      matched_findings: 3,
      findings: 4,
      precision: 0.75,
      matched_reference_bugs: 3,
    });
    expect(before.scoring.maintainer_decided_matches).toBe(0);
    // Forget the judge's verdict on X7 -> P1: if the rescore asked the judge about the overridden pair, it would
    // have to call it again (and store a new verdict).
    const x7 = await db.finding.findFirstOrThrow({
      where: { externalId: "X7", run: { submissionId: subA } },
      select: { contentHash: true },
    });
    const p1 = await db.referenceBug.findFirstOrThrow({
      where: { externalId: "P1", repository: { benchmark: { slug } } },
      select: { contentHash: true },
    });
    await db.judgeVerdict.deleteMany({ where: { leftHash: x7.contentHash, rightHash: p1.contentHash } });
    const judgedBefore = await judgedCalls(X7_TITLE);

    const created = await call(
      webUrl,
      "POST",
      "/api/v1/overrides",
      { cookie: maintainerCookie },
      {
        submission_id: subA,
        finding_id: "X7",
        reference_bug_id: "P1",
        decision: "match",
        reason: "Both describe the lexer's column bookkeeping",
      },
    );
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ decision: "match", reason: "Both describe the lexer's column bookkeeping" });
    expect(created.json.rescoring.submissions).toEqual([subA, subB].sort());
    overrideId = created.json.id;

    const after = await waitForStatus(webUrl, subA, owner.token);
    const afterB = await waitForStatus(webUrl, subB, other.token);
    expect(after.scores.overall).toMatchObject({
      matched_findings: 4,
      findings: 4,
      precision: 1,
      matched_reference_bugs: 3,
    });
    expect(after.scoring.maintainer_decided_matches).toBe(1);
    expect(afterB.scores.overall).toMatchObject({ matched_findings: 1, findings: 1, matched_reference_bugs: 1 });
    expect(afterB.scoring.maintainer_decided_matches).toBe(1);
    expect(await judgedCalls(X7_TITLE)).toBe(judgedBefore);
    expect(after.scoring.judge_calls).toBe(0);
    expect(after.scoring.cached_verdicts).toBe(before.scoring.judge_calls + before.scoring.cached_verdicts - 1);
    expect(await db.judgeVerdict.count({ where: { leftHash: x7.contentHash, rightHash: p1.contentHash } })).toBe(0);

    const matches = await call(webUrl, "GET", `/api/v1/submissions/${subA}/matches?repo=acme/parser`, {
      token: owner.token,
    });
    expect(matches.json.repositories[0].matched[0]).toEqual({
      reference_bug_id: "P1",
      finding_ids: expect.arrayContaining(["A1", "X7"]),
      decided_by: "maintainer",
      pairs: expect.arrayContaining([
        { finding_id: "A1", decided_by: "judge" },
        { finding_id: "X7", decided_by: "maintainer" },
      ]),
    });
    expect(matches.json.repositories[0].unmatched_finding_ids).toEqual([]);
    const pair = await call(webUrl, "GET", `/api/v1/submissions/${subA}/pairs/X7/P1`, { cookie: maintainerCookie });
    expect(pair.json).toMatchObject({
      matched: true,
      decided_by: "maintainer",
      can_override: true,
      override: { id: overrideId, decision: "match", created_by: maintainer.email },
    });

    const audit = await db.auditLog.findFirstOrThrow({ where: { target: `override:${overrideId}` } });
    expect(audit).toMatchObject({
      actorId: maintainer.id,
      action: "override.create",
      reason: "Both describe the lexer's column bookkeeping",
    });
    // judge_said is null: this test removed the judge's verdict above (the e2e walk records a judged pair).
    expect(audit.details).toMatchObject({
      submission_id: subA,
      finding_id: "X7",
      reference_bug_id: "P1",
      decision: "match",
      judge_said: null,
      affected_submissions: 2,
    });
  });

  it("lists every override for maintainers and admins: who decided, why, the judge's word and where the pair occurs", async () => {
    expect((await call(webUrl, "GET", "/api/v1/overrides", {})).status).toBe(401);
    expect((await call(webUrl, "GET", "/api/v1/overrides", { token: owner.token })).status).toBe(403);
    const list = await call(webUrl, "GET", "/api/v1/overrides?per_page=200", { token: maintainer.token });
    expect(list.status).toBe(200);
    const item = list.json.overrides.find((o: { id: string }) => o.id === overrideId);
    expect(item).toEqual({
      id: overrideId,
      decision: "match",
      reason: "Both describe the lexer's column bookkeeping",
      created_at: expect.any(String),
      created_by: maintainer.email,
      judge_said: null,
      submissions: 2,
      example: {
        submission_id: expect.any(String),
        run: 0,
        finding_id: "X7",
        finding_title: `${X7_TITLE} [root:X7]`,
        repo: "acme/parser",
        file: expect.any(String),
        line_start: expect.any(Number),
        line_end: expect.any(Number),
        reference_bug_id: "P1",
        reference_title: expect.any(String),
        benchmark: `${slug}@1`,
      },
    });
    expect([subA, subB]).toContain(item.example.submission_id);
    // Newest first, one page at a time, and filtered by decision.
    const times = list.json.overrides.map((o: { created_at: string }) => o.created_at);
    expect(times).toEqual([...times].sort().reverse());
    const first = await call(webUrl, "GET", "/api/v1/overrides?per_page=1", { token: admin.token });
    expect(first.json.overrides).toHaveLength(1);
    expect(first.json.pagination).toMatchObject({
      page: 1,
      per_page: 1,
      total: list.json.pagination.total,
      pages: list.json.pagination.total,
    });
    const noMatch = await call(webUrl, "GET", "/api/v1/overrides?decision=no_match&per_page=200", {
      token: admin.token,
    });
    expect(noMatch.json.overrides.every((o: { decision: string }) => o.decision === "no_match")).toBe(true);
    expect(noMatch.json.overrides.some((o: { id: string }) => o.id === overrideId)).toBe(false);
    const bad = await call(webUrl, "GET", "/api/v1/overrides?decision=maybe", { token: admin.token });
    expect(bad.status).toBe(422);
    expect(bad.json.error.issues).toEqual([{ path: "decision", message: 'must be "match" or "no_match"' }]);

    // The page: staff only; visitors are sent to sign in, users get a 404 (it is not advertised).
    const anonymous = await call(webUrl, "GET", "/overrides");
    expect(anonymous.status).toBe(307);
    const ownerCookie = await signIn(webUrl, owner);
    expect((await call(webUrl, "GET", "/overrides", { cookie: ownerCookie })).status).toBe(404);
    const page = await call(webUrl, "GET", "/overrides?decision=match", { cookie: maintainerCookie });
    expect(page.status).toBe(200);
    expect(pageText(page.text)).toContain("Both describe the lexer's column bookkeeping");
  });

  it("withdraws an override (admins too, by token): rescored again, the judge decides the pair again", async () => {
    expect((await call(webUrl, "DELETE", `/api/v1/overrides/${overrideId}`, { token: owner.token })).status).toBe(403);
    const judgedBefore = await judgedCalls(X7_TITLE);
    const withdrawn = await call(webUrl, "DELETE", `/api/v1/overrides/${overrideId}`, { token: admin.token });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.json).toEqual({
      id: overrideId,
      withdrawn: true,
      rescoring: { submissions: [subA, subB].sort() },
    });
    const after = await waitForStatus(webUrl, subA, owner.token);
    await waitForStatus(webUrl, subB, other.token);
    expect(after.scores.overall).toMatchObject({ matched_findings: 3, precision: 0.75 });
    expect(after.scoring.maintainer_decided_matches).toBe(0);
    // The forgotten verdict is asked for again, once for the two submissions (the second reads the cache).
    expect(await judgedCalls(X7_TITLE)).toBeGreaterThan(judgedBefore);
    expect((await call(webUrl, "DELETE", `/api/v1/overrides/${overrideId}`, { token: admin.token })).status).toBe(404);
    expect(
      await db.auditLog.count({
        where: { target: `override:${overrideId}`, action: "override.withdraw", actorId: admin.id },
      }),
    ).toBe(1);
  });
});

describe("reference bugs of a repository", () => {
  it("counts found_by over approved configurations and filters never-found bugs, by category, trigger and severity", async () => {
    await approve(subA);
    const bugs = await call(webUrl, "GET", `/api/v1/repositories/acme/parser/bugs?benchmark=${slug}@1`);
    expect(bugs.status).toBe(200);
    expect(bugs.json).toMatchObject({
      benchmark: `${slug}@1`,
      configurations: 1,
      reference_bugs: 3,
      never_found: 1,
      details_visible: true,
    });
    expect(bugs.json.bugs.map((b: { id: string; found_by: number }) => [b.id, b.found_by])).toEqual([
      ["P1", 1],
      ["P2", 1],
      ["P3", 0],
    ]);
    expect(bugs.json.bugs[0]).toMatchObject({
      title: expect.stringContaining("Lexer drops the last token"),
      file: "parser/lexer.py",
      found_by_share: 1,
    });
    const never = await call(
      webUrl,
      "GET",
      `/api/v1/repositories/acme/parser/bugs?benchmark=${slug}@1&never_found=true`,
    );
    expect(never.json.bugs.map((b: { id: string }) => b.id)).toEqual(["P3"]);
    expect(
      (await call(webUrl, "GET", `/api/v1/repositories/acme/parser/bugs?benchmark=${slug}@1&severity=high`)).json.bugs,
    ).toEqual([]);
    expect(
      (
        await call(
          webUrl,
          "GET",
          `/api/v1/repositories/acme/parser/bugs?benchmark=${slug}@1&category=Unhandled%20degenerate%20value`,
        )
      ).json.bugs,
    ).toHaveLength(3);
    expect(
      (await call(webUrl, "GET", `/api/v1/repositories/acme/parser/bugs?benchmark=${slug}@1&severity=urgent`)).status,
    ).toBe(422);
    expect((await call(webUrl, "GET", `/api/v1/repositories/acme/nope/bugs?benchmark=${slug}@1`)).status).toBe(404);
    const csv = await call(webUrl, "GET", `/api/v1/repositories/acme/parser/bugs?benchmark=${slug}@1&format=csv`);
    expect(csv.text.split("\r\n")[3]).toMatch(/^wb-[^,]+@1,acme\/parser,P3,/);

    const detail = await call(webUrl, "GET", `/api/v1/repositories/acme/parser/bugs/P1?benchmark=${slug}@1`);
    expect(
      detail.json.matched_by.map((m: { submission_id: string; finding_id: string }) => [m.submission_id, m.finding_id]),
    ).toEqual([[subA, "A1"]]);
    // An unapproved submission's findings never appear (B's finding is not matched anyway; the owner's approved one is).
    expect(detail.json.matched_by.every((m: { submission_id: string }) => m.submission_id !== subB)).toBe(true);
  });

  it("compares two submissions on one repository", async () => {
    const compared = await call(webUrl, "GET", `/api/v1/compare?repo=acme/parser&a=${subA}&b=${subB}`, {
      token: maintainer.token,
    });
    expect(compared.status).toBe(200);
    expect(compared.json).toMatchObject({ both: [], only_a: ["P1", "P2"], only_b: [], neither: ["P3"] });
    // B is not approved: a stranger cannot compare with it.
    expect((await call(webUrl, "GET", `/api/v1/compare?repo=acme/parser&a=${subA}&b=${subB}`)).status).toBe(404);
    expect((await call(webUrl, "GET", `/api/v1/compare?repo=acme/parser&a=${subA}`)).status).toBe(422);
  });
});

describe("hidden reference details", () => {
  let hiddenSlug: string;
  let hiddenSub: string;

  beforeAll(async () => {
    hiddenSlug = uniqueSlug("wbh");
    await importBenchmark(
      benchmarkFileSchema.parse({ ...smallBenchmark(hiddenSlug), reference_visibility: "maintainers" }),
    );
    hiddenSub = await upload(owner, { ...fileA(), benchmark: hiddenSlug, model: "Workbench hidden" });
    await waitForStatus(webUrl, hiddenSub, owner.token);
    await approve(hiddenSub);
  });

  it("shows reference texts, files and lines to staff only, in the API and the downloads", async () => {
    const title = "Lexer drops the last token";
    const anonymous = await call(webUrl, "GET", `/api/v1/repositories/acme/parser/bugs?benchmark=${hiddenSlug}@1`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.json).toMatchObject({
      reference_visibility: "maintainers",
      details_visible: false,
      configurations: 1,
    });
    expect(anonymous.json.bugs[0]).toEqual({
      id: "P1",
      repo: "acme/parser",
      severity: "medium",
      category: "Unhandled degenerate value",
      trigger: null,
      hidden: true,
      found_by: 1,
      configurations: 1,
      found_by_share: 1,
    });
    expect(anonymous.text).not.toContain(title);
    expect(
      (await call(webUrl, "GET", `/api/v1/repositories/acme/parser/bugs?benchmark=${hiddenSlug}@1&format=csv`)).text,
    ).not.toContain(title);
    // A matching finding would describe the hidden bug: who found it is public, the finding is not.
    const hiddenDetail = await call(
      webUrl,
      "GET",
      `/api/v1/repositories/acme/parser/bugs/P1?benchmark=${hiddenSlug}@1`,
      { token: other.token },
    );
    expect(hiddenDetail.text).not.toContain(title);
    expect(hiddenDetail.json.matched_by).toEqual([
      expect.objectContaining({
        submission_id: hiddenSub,
        finding_id: null,
        title: null,
        file: null,
        line_start: null,
      }),
    ]);
    expect(hiddenDetail.text).not.toContain("Final token lost");
    expect(
      (
        await call(webUrl, "GET", `/api/v1/repositories/acme/parser/bugs?benchmark=${hiddenSlug}@1`, {
          token: maintainer.token,
        })
      ).text,
    ).toContain(title);

    // Matches of an approved submission stay private; its submitter sees the pair without the reference details.
    expect((await call(webUrl, "GET", `/api/v1/submissions/${hiddenSub}/matches`)).status).toBe(404);
    expect((await call(webUrl, "GET", `/api/v1/submissions/${hiddenSub}/matches`, { token: other.token })).status).toBe(
      404,
    );
    expect((await call(webUrl, "GET", `/api/v1/submissions/${hiddenSub}/matches`, { token: owner.token })).status).toBe(
      200,
    );
    const ownMatches = await call(webUrl, "GET", `/api/v1/submissions/${hiddenSub}/matches?format=csv`, {
      token: owner.token,
    });
    expect(ownMatches.text).toMatch(/unmatched_finding,,X7,,,/);
    const pair = await call(webUrl, "GET", `/api/v1/submissions/${hiddenSub}/pairs/X7/P1`, { token: owner.token });
    expect(pair.json.reference_bug).toEqual({
      id: "P1",
      repo: "acme/parser",
      severity: "medium",
      category: "Unhandled degenerate value",
      trigger: null,
      hidden: true,
    });
    expect(pair.json.signals).toBeNull();
    expect(pair.json.verdict.rationale).toBeNull();
    expect(pair.text).not.toContain(title);
    const staff = await call(webUrl, "GET", `/api/v1/submissions/${hiddenSub}/pairs/X7/P1`, {
      token: maintainer.token,
    });
    expect(staff.json.reference_bug.title).toContain(title);

    // The pages too.
    const page = await call(webUrl, "GET", `/reference-bugs/acme/parser/P1?benchmark=${hiddenSlug}@1`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain(title);
    expect(page.text).toContain("hidden");
    expect(
      (
        await call(webUrl, "GET", `/reference-bugs/acme/parser/P1?benchmark=${hiddenSlug}@1`, {
          cookie: maintainerCookie,
        })
      ).text,
    ).toContain(title);
  });

  it("compares public entries of a version: what each found that the others missed, every pair's overlap", async () => {
    const base = `/api/v1/compare/entries?benchmark=${slug}@1`;
    // Only A is public yet: B cannot be chosen, and one entry is not a comparison.
    expect((await call(webUrl, "GET", base)).json.entries.map((e: { id: string }) => e.id)).toEqual([subA]);
    expect((await call(webUrl, "GET", `${base}&entries=${subA},${subB}`)).status).toBe(404);
    expect((await call(webUrl, "GET", `${base}&entries=${subA}`)).status).toBe(422);
    expect(pageText((await call(webUrl, "GET", `/compare?benchmark=${slug}@1`)).text)).toContain(
      "one public verified entry",
    );

    await approve(subB);
    const compared = await call(webUrl, "GET", `${base}&entries=${subB},${subA}`);
    expect(compared.status).toBe(200);
    // B's only finding (X7) matches nothing: it shares none of A's bugs.
    expect(compared.json.overlap).toEqual([{ a: subA, b: subB, both: 0, jaccard: 0 }]);
    expect(compared.json.selection.found_by_all).toEqual([]);
    expect(compared.json.selection.only[subB]).toEqual([]);
    expect(compared.json.selection.only[subA]).toContainEqual({
      id: "P1",
      repo: "acme/parser",
      title: expect.stringContaining("Lexer drops the last token"),
    });
    const csv = await call(webUrl, "GET", `${base}&format=csv`);
    expect(csv.text.split(/\r?\n/)[0]).toBe("benchmark,entry_a,label_a,found_a,entry_b,label_b,found_b,both,jaccard");
    const page = pageText((await call(webUrl, "GET", `/compare?benchmark=${slug}@1&entry=${subA}&entry=${subB}`)).text);
    expect(page).toContain("Only Workbench B found (0)");
    expect(page).toContain("Overlap of every pair");

    // A version with hidden reference details: staff only, like its matches.
    const hidden = `/api/v1/compare/entries?benchmark=${hiddenSlug}@1`;
    expect((await call(webUrl, "GET", hidden)).status).toBe(404);
    const staff = await call(webUrl, "GET", hidden, { token: maintainer.token });
    expect(staff.json.entries.map((e: { id: string }) => e.id)).toEqual([hiddenSub]);
  });
});
