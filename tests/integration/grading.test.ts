// Human validation of the LLM judgments (docs/grading.md) through the real web app and worker: maintainers label
// matcher pairs, grade a panel's sample and audit the reference set, blind (the API answers no hidden field before the
// caller's own label, grade or mark is stored); changes after the reveal keep their history; everything is
// audit-logged; and the public figures (API, CSV, /method) follow, each checked against the test's own arithmetic.

import { createHash, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { closeQueues } from "../../lib/queue/queues";
import { importBenchmark } from "../../lib/server/benchmarks/import-benchmark";
import { db, finding, smallBenchmark, uniqueSlug, waitForStatus } from "../support/fixtures";
import { waitFor } from "../support/fault-harness";
import { drawSeeded } from "../../lib/grading/sampling";
import { approveSubmission, call, createTestUser, signIn, type TestUser } from "./authz-support";

const webUrl = inject("webUrl");
const tag = randomUUID().slice(0, 8);
const MODEL = `Validation agent ${tag}`;

let slug: string;
let key: string;
let submitter: TestUser;
let user: TestUser;
let m1: TestUser;
let m2: TestUser;
let admin: TestUser;
let submissionId: string;

const rootOf = (text: string) => /\[root:([^\]]+)\]/.exec(text)?.[1];
const pctText = (successes: number, trials: number) => ((100 * successes) / trials).toFixed(1);

beforeAll(async () => {
  slug = uniqueSlug("jq");
  key = `${slug}@1`;
  await importBenchmark(smallBenchmark(slug));
  [submitter, user, m1, m2, admin] = await Promise.all([
    createTestUser("user"),
    createTestUser("user"),
    createTestUser("maintainer"),
    createTestUser("maintainer"),
    createTestUser("admin"),
  ]);
  const created = await call(
    webUrl,
    "POST",
    "/api/v1/submissions",
    { token: submitter.token },
    {
      benchmark: slug,
      model: MODEL,
      findings: [
        finding("P1", "acme/parser", "parser/lexer.py", 42, 47, `Final token lost (${tag}) [panel:confirmed]`),
        finding("P2", "acme/parser", "parser/ast.py", 101, 104, `Exponent binds loosely (${tag}) [panel:confirmed]`),
        finding(
          "X7",
          "acme/parser",
          "parser/lexer.py",
          44,
          52,
          `Tab width ignored (${tag}) [panel:rejected:intentional]`,
        ),
        finding("U1", "acme/ui", "src/render.ts", 201, 214, `Tooltip leaks (${tag}) [panel:split]`),
      ],
    },
  );
  expect(created.status).toBe(202);
  submissionId = created.json.id;
  expect((await waitForStatus(webUrl, submissionId, submitter.token)).status).toBe("scored");
  expect(await approveSubmission(webUrl, submissionId, admin.token)).toBe(200);
});

afterAll(async () => {
  await closeQueues();
});

describe("labelling matcher pairs", () => {
  it("is for maintainers only, and refuses a bad request naming the field", async () => {
    const body = { benchmark: key, size: 10, seed: "s1" };
    expect((await call(webUrl, "POST", "/api/v1/grading/pairs", {}, body)).status).toBe(401);
    expect((await call(webUrl, "POST", "/api/v1/grading/pairs", { token: user.token }, body)).status).toBe(403);
    expect((await call(webUrl, "GET", `/api/v1/grading/pairs?benchmark=${key}`, { token: user.token })).status).toBe(
      403,
    );
    const bad = await call(webUrl, "POST", "/api/v1/grading/pairs", { token: m1.token }, { ...body, size: 0 });
    expect(bad.status).toBe(422);
    expect(bad.json.error.issues.map((i: { path: string }) => i.path)).toEqual(["size"]);
  });

  it("draws a seeded mix, shows each pair blind, reveals after the label, and keeps a changed label's history", async () => {
    const drawn = await call(
      webUrl,
      "POST",
      "/api/v1/grading/pairs",
      { token: m1.token },
      { benchmark: key, size: 10, seed: "s1" },
    );
    expect(drawn.status).toBe(201);
    // The drawer labels too: neither the seed nor the strata's counts come back before the sample is labelled.
    expect(drawn.json.design).toBe(null);
    expect(drawn.text).not.toContain('"s1"');
    const rows = await db.labelPair.findMany({ where: { sampleId: drawn.json.id }, orderBy: { position: "asc" } });
    const byStratum = (s: string) => rows.filter((r) => r.stratum === s).length;
    // The three judged matches (P1, P2, U1) are all drawn (4 seats, 3 there); 2 filtered-out pairs.
    expect(byStratum("judged_match")).toBe(3);
    expect(byStratum("filtered_out")).toBe(2);

    const list = await call(webUrl, "GET", `/api/v1/grading/pairs?benchmark=${key}`, { token: m1.token });
    expect(list.status).toBe(200);
    expect(list.json.pairs).toHaveLength(rows.length);
    // Nothing listed names a pair's stratum or verdict, the sample's seed or what each stratum gave.
    for (const hidden of ["stratum", "judged_", "verdict", "seed", '"s1"', "shares", submissionId, MODEL])
      expect(list.text).not.toContain(hidden);
    expect(list.json.samples[0]).toMatchObject({ pairs: rows.length, labelled_by_me: 0, design: null });
    // The old attack, even handed the seed and the counts the list no longer shows: rebuild the strata in order and
    // shuffle them with the seed. The keyed order (a server key) does not follow from them.
    const strata = ["judged_match", "judged_no_match", "filtered_out"] as const;
    const predicted = drawSeeded(
      strata.flatMap((s) => Array.from({ length: byStratum(s) }, () => s)),
      rows.length,
      "s1",
      "order",
    );
    expect(predicted).not.toEqual(rows.map((r) => r.stratum));

    for (const item of list.json.pairs) {
      const before = await call(webUrl, "GET", `/api/v1/grading/pairs/${item.id}`, { token: m1.token });
      expect(before.status).toBe(200);
      expect(before.json.reveal).toBe(null);
      for (const hidden of ["stratum", "judged_", "rationale", "signals", submissionId, MODEL, "fake"])
        expect(before.text).not.toContain(hidden);
      const truth = rootOf(before.json.left.title) === rootOf(before.json.right.title) ? "same" : "different";
      const saved = await call(
        webUrl,
        "POST",
        `/api/v1/grading/pairs/${item.id}/labels`,
        { token: m1.token },
        { label: truth },
      );
      expect(saved.status).toBe(201);
      const row = rows.find((r) => r.id === item.id)!;
      expect(saved.json.reveal.stratum).toBe(row.stratum);
      expect(saved.json.reveal.submission).toMatchObject({ id: submissionId, model: MODEL });
      expect(saved.json.reveal.verdicts.length).toBe(row.stratum === "filtered_out" ? 0 : 1);
    }

    // The whole sample labelled: its design is shown to this labeller, and still not to the other maintainer.
    const after = await call(webUrl, "GET", `/api/v1/grading/pairs?benchmark=${key}`, { token: m1.token });
    expect(after.json.samples[0].design).toEqual({
      seed: "s1",
      shares: { judged_match: 0.4, judged_no_match: 0.4, filtered_out: 0.2 },
      drawn: {
        judged_match: byStratum("judged_match"),
        judged_no_match: byStratum("judged_no_match"),
        filtered_out: byStratum("filtered_out"),
      },
    });
    const other = await call(webUrl, "GET", `/api/v1/grading/pairs?benchmark=${key}`, { token: m2.token });
    expect(other.json.samples[0].design).toBe(null);

    // A label changed after the reveal is a new row; the blind one still counts.
    const first = list.json.pairs[0];
    const changed = await call(
      webUrl,
      "POST",
      `/api/v1/grading/pairs/${first.id}/labels`,
      { token: m1.token },
      { label: "debatable", note: "on second thought" },
    );
    expect(changed.json.my_label).toBe("debatable");
    expect(changed.json.reveal.labels.map((l: { after_reveal: boolean }) => l.after_reveal)).toEqual([false, true]);
    const actions = await db.auditLog.findMany({
      where: { target: `label_pair:${first.id}` },
      orderBy: { createdAt: "asc" },
    });
    expect(actions.map((a) => a.action)).toEqual(["label.create", "label.change"]);
    expect(
      await db.auditLog.count({ where: { action: "label_sample.draw", target: `label_sample:${drawn.json.id}` } }),
    ).toBe(1);
  });

  it("draws within each stratum in SQL, reproducibly from the seed, one draw per version at a time", async () => {
    const benchmarkId = (await db.benchmark.findFirstOrThrow({ where: { slug } })).id;
    const first = await db.labelSample.findFirstOrThrow({ where: { benchmarkId }, orderBy: { createdAt: "asc" } });
    // The population of each stratum is stored with the sample: the three judged matches (P1, P2, U1).
    expect((first.population as Record<string, number>).judged_match).toBe(3);
    const draw = () =>
      call(webUrl, "POST", "/api/v1/grading/pairs", { token: m1.token }, { benchmark: key, size: 3, seed: "again" });
    const keysOf = async (sampleId: string) =>
      (await db.labelPair.findMany({ where: { sampleId } })).map((p) => `${p.leftHash}:${p.rightHash}`).sort();
    const a = await draw();
    expect(a.status).toBe(201);
    const drawnA = await keysOf(a.json.id);
    await db.labelSample.delete({ where: { id: a.json.id } });
    const b = await draw();
    expect(b.status).toBe(201);
    expect(await keysOf(b.json.id)).toEqual(drawnA);
    await db.labelSample.delete({ where: { id: b.json.id } });
    // While another draw of the version holds its lock, a draw is refused, not queued.
    await db.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`label-sample:${benchmarkId}`}, 0))`;
        const refused = await draw();
        expect(refused.status).toBe(409);
        expect(refused.json.error.message).toMatch(/being drawn/);
      },
      { timeout: 60_000 },
    );
  });

  it("publishes the judge's precision and recall against the blind labels, exactly", async () => {
    const pairs = await db.labelPair.findMany({
      where: { benchmarkId: (await db.benchmark.findFirstOrThrow({ where: { slug } })).id },
      include: { labels: { orderBy: { createdAt: "asc" } } },
    });
    // Own arithmetic: the blind (first) label against the judge with the filter (filtered-out pairs say no).
    let tp = 0;
    let fp = 0;
    let fn = 0;
    let tn = 0;
    for (const p of pairs) {
      const same = p.labels[0]!.label === "same";
      const verdict = await db.judgeVerdict.findFirst({ where: { leftHash: p.leftHash, rightHash: p.rightHash } });
      const said = p.stratum !== "filtered_out" && verdict?.match === true;
      if (same && said) tp++;
      else if (!same && said) fp++;
      else if (same) fn++;
      else tn++;
    }
    const answer = await call(webUrl, "GET", `/api/v1/grading/judge-quality?benchmark=${key}`);
    expect(answer.status).toBe(200);
    const m = answer.json.matcher.reference;
    expect(m.labelled_pairs).toBe(pairs.length);
    expect(m.labels_changed_after_reveal).toBe(1);
    expect(m.configurations).toHaveLength(1);
    const c = m.configurations[0];
    expect(c.in_use).toBe(true);
    expect(c.with_filter).toMatchObject({
      true_positives: tp,
      false_positives: fp,
      false_negatives: fn,
      true_negatives: tn,
    });
    expect(c.with_filter.precision.value).toBe(tp / (tp + fp));
    // Recall weighted by the design: each labelled pair stands for its stratum's population over its labelled pairs.
    const sample = await db.labelSample.findFirstOrThrow({ where: { id: pairs[0]!.sampleId } });
    const population = sample.population as Record<string, number>;
    const weight = (stratum: string) => population[stratum]! / pairs.filter((p) => p.stratum === stratum).length;
    let found = 0;
    let matches = 0;
    for (const p of pairs) {
      if (p.labels[0]!.label !== "same") continue;
      const verdict = await db.judgeVerdict.findFirst({ where: { leftHash: p.leftHash, rightHash: p.rightHash } });
      matches += weight(p.stratum);
      if (p.stratum !== "filtered_out" && verdict?.match === true) found += weight(p.stratum);
    }
    expect(m.weighting).toEqual({ weighted: true, reason: null, pairs_left_out: 0 });
    expect(c.with_filter.recall.value).toBeCloseTo(found / matches, 12);
    // No label may leak: the public answer carries counts only.
    expect(answer.text).not.toContain(pairs[0]!.id);
    const csv = await call(webUrl, "GET", `/api/v1/grading/judge-quality?benchmark=${key}&format=csv`);
    expect(csv.headers.get("content-type")).toMatch(/text\/csv/);
    expect(csv.text).toContain(`matcher,${c.judge_model}`);
    const page = (await (await fetch(`${webUrl}/method?benchmark=${key}`)).text()).replaceAll("<!-- -->", "");
    expect(page).toContain("How far to trust the judges");
    expect(page).toContain(`${pctText(tp, tp + fp)}%`);
  });

  it("answers repeats from its cache (a 304 on its ETag), and a new label at once", async () => {
    const path = `/api/v1/grading/judge-quality?benchmark=${key}`;
    const first = await call(webUrl, "GET", path);
    const etag = first.headers.get("etag")!;
    expect((await fetch(`${webUrl}${path}`, { headers: { "if-none-match": etag } })).status).toBe(304);
    // A stored label rewritten in place (no route does that) moves no stamp: the repeat is the cached answer, not a
    // recomputation.
    const benchmarkId = (await db.benchmark.findFirstOrThrow({ where: { slug } })).id;
    const label = await db.pairLabel.findFirstOrThrow({
      where: { pair: { benchmarkId, kind: "reference" }, labelerId: m1.id, afterReveal: false },
      orderBy: { createdAt: "desc" },
    });
    const flipped = label.label === "same" ? "different" : "same";
    await db.pairLabel.update({ where: { id: label.id }, data: { label: flipped } });
    try {
      expect((await call(webUrl, "GET", path)).text).toBe(first.text);
      // A new label moves the stamp: the next answer is computed again.
      const saved = await call(
        webUrl,
        "POST",
        `/api/v1/grading/pairs/${label.pairId}/labels`,
        { token: m2.token },
        { label: "same" },
      );
      expect(saved.status).toBe(201);
      const next = await call(webUrl, "GET", path);
      expect(next.text).not.toBe(first.text);
      expect(next.headers.get("etag")).not.toBe(etag);
    } finally {
      await db.pairLabel.update({ where: { id: label.id }, data: { label: label.label } });
    }
  });
});

describe("grading a panel's sample blind (Table 15)", () => {
  let panelId: string;

  it("hides the panel's verdicts and the configuration until every finding is graded", async () => {
    const started = await call(
      webUrl,
      "POST",
      `/api/v1/admin/submissions/${submissionId}/panel`,
      { token: admin.token },
      { sample_size: 4, seed: "jq-secret-seed" },
    );
    expect(started.status).toBe(202);
    const status = await waitFor(
      async () => await call(webUrl, "GET", `/api/v1/submissions/${submissionId}`, { token: admin.token }),
      (b) => b.json.panel?.status === "done",
      90_000,
      "the panel to finish",
    );
    // The panel's seed is published nowhere: with it and a finding's id, an unkeyed opaque id would follow.
    expect(status.text).not.toContain("jq-secret-seed");
    const publicPage = await fetch(`${webUrl}/submissions/${submissionId}`).then((r) => r.text());
    expect(publicPage).not.toContain("jq-secret-seed");
    const sampled = await db.panelSample.findMany({ where: { panelRun: { submissionId } } });
    for (const s of sampled)
      expect(s.opaqueId).not.toBe(
        `F-${createHash("sha256").update(`jq-secret-seed\u0000${s.findingId}`).digest("hex").slice(0, 12)}`,
      );
    const panels = await call(webUrl, "GET", `/api/v1/grading/panels?benchmark=${key}`, { token: m1.token });
    expect(panels.json.panels).toHaveLength(1);
    panelId = panels.json.panels[0].id;
    expect(panels.text).not.toContain(MODEL);

    const view = await call(webUrl, "GET", `/api/v1/grading/panels/${panelId}`, { token: m1.token });
    expect(view.json.reveal).toBe(null);
    for (const hidden of [MODEL, submissionId, "panel_verdict", "fake-panel"]) expect(view.text).not.toContain(hidden);
    const findings: string[] = view.json.findings.map((f: { finding: string }) => f.finding);
    expect(findings).toHaveLength(4);
    const grades = ["confirmed", "confirmed", "rejected", "unsure"];
    for (const [i, finding] of findings.entries()) {
      const saved = await call(
        webUrl,
        "POST",
        `/api/v1/grading/panels/${panelId}/grades`,
        { token: m1.token },
        { finding, grade: grades[i] },
      );
      expect(saved.status).toBe(201);
      const after = await call(webUrl, "GET", `/api/v1/grading/panels/${panelId}`, { token: m1.token });
      if (i < findings.length - 1) {
        expect(after.json.reveal).toBe(null);
        expect(after.text).not.toContain(MODEL);
        // Mid-grading, the panel's verdicts are refused to this grader everywhere, and the public figures do not move
        // with their grades (grade, reload, regrade would read a verdict off them).
        const reviews = await call(webUrl, "GET", `/api/v1/submissions/${submissionId}/panel`, { token: m1.token });
        expect(reviews.status).toBe(403);
        expect(reviews.text).not.toContain("rationale");
        const quality = await call(webUrl, "GET", `/api/v1/grading/judge-quality?benchmark=${key}`);
        expect(quality.json.panel.pooled.graded).toBe(0);
        if (i === 0) {
          const cookie = await signIn(webUrl, m1);
          const page = await call(webUrl, "GET", `/submissions/${submissionId}`, { cookie });
          expect(page.text).toContain("You are grading this panel");
          // Someone not grading it still reads the reviews.
          const m2Reviews = await call(webUrl, "GET", `/api/v1/submissions/${submissionId}/panel`, {
            token: m2.token,
          });
          expect(m2Reviews.status).toBe(200);
        }
      } else {
        const reviews = await call(webUrl, "GET", `/api/v1/submissions/${submissionId}/panel`, { token: m1.token });
        expect(reviews.status).toBe(200);
        expect(after.json.reveal).toMatchObject({ submission_id: submissionId, model: MODEL });
        expect(after.json.findings.every((f: { reveal: unknown }) => f.reveal !== null)).toBe(true);
      }
    }
    // A second grader, and a grade changed after the reveal (history kept, counted apart).
    for (const finding of findings)
      await call(
        webUrl,
        "POST",
        `/api/v1/grading/panels/${panelId}/grades`,
        { token: m2.token },
        { finding, grade: "confirmed" },
      );
    const changed = await call(
      webUrl,
      "POST",
      `/api/v1/grading/panels/${panelId}/grades`,
      { token: m1.token },
      { finding: findings[3], grade: "rejected" },
    );
    expect(changed.json.after_reveal).toBe(true);
    expect(await db.auditLog.count({ where: { target: `panel:${panelId}`, action: "grade.create" } })).toBe(8);
    expect(await db.auditLog.count({ where: { target: `panel:${panelId}`, action: "grade.change" } })).toBe(1);
  });

  it("publishes the cross-table, agreement on conclusive findings and both confirm rates, exactly", async () => {
    const samples = await db.panelSample.findMany({ where: { panelRunId: panelId } });
    const view = await call(webUrl, "GET", `/api/v1/grading/panels/${panelId}`, { token: m1.token });
    const grades = ["confirmed", "confirmed", "rejected", "unsure"];
    const table: Record<string, Record<string, number>> = {
      confirmed: { confirmed: 0, rejected: 0, abstained: 0 },
      rejected: { confirmed: 0, rejected: 0, abstained: 0 },
      unsure: { confirmed: 0, rejected: 0, abstained: 0 },
    };
    view.json.findings.forEach((f: { finding: string }, i: number) => {
      const verdict = samples.find((s) => s.opaqueId === f.finding)!.verdict!;
      table[grades[i]!]![verdict]!++;
    });
    const conclusive = ["confirmed", "rejected"].flatMap((g) => ["confirmed", "rejected"].map((v) => table[g]![v]!));
    const n = conclusive.reduce((a, b) => a + b, 0);
    const agree = table.confirmed!.confirmed! + table.rejected!.rejected!;
    const answer = await call(webUrl, "GET", `/api/v1/grading/judge-quality?benchmark=${key}`);
    const pooled = answer.json.panel.pooled;
    expect(pooled.table).toEqual(table);
    expect(pooled.graded).toBe(4);
    expect(pooled.conclusive).toBe(n);
    expect(pooled.agreement.successes).toBe(agree);
    expect(pooled.grader_confirm_rate.successes).toBe(table.confirmed!.confirmed! + table.confirmed!.rejected!);
    expect(pooled.panel_confirm_rate.successes).toBe(table.confirmed!.confirmed! + table.rejected!.confirmed!);
    expect(answer.json.panel.submissions.map((s: { submission_id: string }) => s.submission_id)).toEqual([
      submissionId,
    ]);
    expect(answer.json.panel.second_grader.n).toBe(4);
    // The leaderboard's Validity cell links to the grading. Public reads check their stamp at most once a second
    // (stamp-cache.ts), so the fourth grade shows within about a second.
    await expect
      .poll(
        async () => {
          const board = await call(webUrl, "GET", `/api/v1/leaderboard?benchmark=${key}`);
          return board.json.rows.find((r: { id: string }) => r.id === submissionId).panel_graded;
        },
        { timeout: 5_000, interval: 300 },
      )
      .toBe(4);
  });
});

describe("auditing the reference set (§2.2)", () => {
  it("samples per repository, keeps auditors independent, and measures the human audit against the agent's without touching scores", async () => {
    const scoreBefore = await call(webUrl, "GET", `/api/v1/submissions/${submissionId}`, { token: submitter.token });
    const drawn = await call(
      webUrl,
      "POST",
      "/api/v1/grading/references",
      { token: m1.token },
      { benchmark: key, size: 3, seed: "a1" },
    );
    expect(drawn.status).toBe(201);
    // 4 bugs: acme/parser 3, acme/ui 1; 3 seats: parser 2.25 -> 2, ui 0.75 -> 0, the seat left goes to the larger remainder (ui).
    expect(drawn.json.per_repository).toEqual({ "acme/parser": 2, "acme/ui": 1 });
    const ids: string[] = drawn.json.items.map((i: { reference_bug_id: string }) => i.reference_bug_id);
    const m1Marks = ["valid", "invalid", "valid"];
    for (const [i, id] of ids.entries())
      await call(
        webUrl,
        "POST",
        `/api/v1/grading/references/${drawn.json.id}/marks`,
        { token: m1.token },
        { reference_bug_id: id, mark: m1Marks[i], reason: "checked" },
      );
    const blind = await call(webUrl, "GET", `/api/v1/grading/references/${drawn.json.id}`, { token: m2.token });
    expect(blind.json.items.every((i: { reveal: unknown }) => i.reveal === null)).toBe(true);
    expect(blind.text).not.toContain("checked");
    const missing = await call(
      webUrl,
      "POST",
      `/api/v1/grading/references/${drawn.json.id}/marks`,
      { token: m2.token },
      { reference_bug_id: ids[0], mark: "valid" },
    );
    expect(missing.status).toBe(422);
    expect(missing.json.error.issues.map((i: { path: string }) => i.path)).toEqual(["reason"]);
    for (const id of ids.slice(0, 2))
      await call(
        webUrl,
        "POST",
        `/api/v1/grading/references/${drawn.json.id}/marks`,
        { token: m2.token },
        { reference_bug_id: id, mark: "valid", reason: "fine" },
      );
    const seen = await call(webUrl, "GET", `/api/v1/grading/references/${drawn.json.id}`, { token: m2.token });
    expect(seen.json.items[0].reveal.marks).toHaveLength(2);
    expect(seen.json.items[2].reveal).toBe(null);

    const before = (await call(webUrl, "GET", `/api/v1/grading/judge-quality?benchmark=${key}`)).json.reference_set;
    // Without the false-positive auditor's marks there is no kappa: two humans are never set beside the paper's.
    expect(before.kappa).toMatchObject({ n: 0, kappa: null });
    // The agent rater (F.3.1), as a build's audit stage leaves it: none, temporal, not_defect.
    const [slugOf, versionOf] = key.split("@") as [string, string];
    const rows = await db.referenceBug.findMany({
      where: { externalId: { in: ids }, repository: { benchmark: { slug: slugOf, version: versionOf } } },
      select: { id: true, externalId: true },
    });
    const grounds = ["none", "temporal", "not_defect"];
    await db.referenceAgentMark.createMany({
      data: ids.map((externalId, i) => ({
        referenceBugId: rows.find((r) => r.externalId === externalId)!.id,
        ground: grounds[i]!,
        rationale: "checked the snapshot",
        model: "fake-auditor-1",
        promptVersion: "build-false-positive-audit@1",
      })),
    });
    const answer = await call(webUrl, "GET", `/api/v1/grading/judge-quality?benchmark=${key}`);
    const audit = answer.json.reference_set;
    expect(audit).toMatchObject({ audited: 3, auditors: 2, marks: { valid: 2, invalid: 1, unsure: 0 } });
    expect(audit.agent).toMatchObject({ marked: 3, flagged: 2 });
    expect(audit.invalid_share.value).toBeCloseTo(1 / 3, 12);
    // The human rater is m1 (most marks): valid, invalid, valid against the agent's valid, invalid, invalid:
    // po = 2/3; human shares 2/3, 1/3, agent's 1/3, 2/3: pe = 4/9; kappa = (2/9) / (5/9) = 0.4.
    expect(audit.kappa.n).toBe(3);
    expect(audit.kappa.kappa).toBeCloseTo(0.4, 12);
    expect(
      await db.auditLog.count({
        where: { action: "reference_audit.mark", details: { path: ["audit"], equals: drawn.json.id } },
      }),
    ).toBe(5);
    const scoreAfter = await call(webUrl, "GET", `/api/v1/submissions/${submissionId}`, { token: submitter.token });
    expect(scoreAfter.json.scores).toEqual(scoreBefore.json.scores);
  });
});

describe("moved paths", () => {
  it("answer 308 to their place under /grading with the query kept, and the new pages are not taken for old ones", async () => {
    const moved: [string, string][] = [
      ["/labelling?benchmark=x%401", "/grading/pairs?benchmark=x%401"],
      ["/labelling/p1", "/grading/pairs/p1"],
      ["/grading/cpanel1", "/grading/panels/cpanel1"],
      ["/reference-audits", "/grading/references"],
      ["/reference-audits/a1", "/grading/references/a1"],
      ["/admin/judge-trials?benchmark=x%401", "/grading/trials?benchmark=x%401"],
      ["/api/v1/labelling/samples", "/api/v1/grading/pairs"],
      ["/api/v1/labelling/pairs?benchmark=x%401", "/api/v1/grading/pairs?benchmark=x%401"],
      ["/api/v1/labelling/pairs/p1/labels", "/api/v1/grading/pairs/p1/labels"],
      ["/api/v1/reference-audits/a1/marks", "/api/v1/grading/references/a1/marks"],
      ["/api/v1/judge-quality?benchmark=x%401", "/api/v1/grading/judge-quality?benchmark=x%401"],
      ["/api/v1/judge-quality.csv?benchmark=x%401", "/api/v1/grading/judge-quality?benchmark=x%401&format=csv"],
      ["/api/v1/judge-quality/repeats/r1", "/api/v1/grading/repeats/r1"],
      ["/api/v1/admin/judge-trials/t1/switch", "/api/v1/grading/trials/t1/switch"],
    ];
    const answers = await Promise.all(
      moved.map(async ([from]) => {
        const response = await fetch(`${webUrl}${from}`, { redirect: "manual" });
        const to = new URL(response.headers.get("location") ?? "/", webUrl);
        return [from, response.status, to.pathname + to.search];
      }),
    );
    expect(answers).toEqual(moved.map(([from, to]) => [from, 308, to]));

    // A write follows with its method and body: the old draw route draws through the new one.
    const drawn = await fetch(`${webUrl}/api/v1/reference-audits`, {
      method: "POST",
      headers: { authorization: `Bearer ${m1.token}`, "content-type": "application/json", origin: webUrl },
      body: JSON.stringify({ benchmark: key, size: 1, seed: `moved-${tag}` }),
    });
    expect([drawn.status, new URL(drawn.url).pathname]).toEqual([201, "/api/v1/grading/references"]);
    for (const page of ["/grading", "/grading/pairs", "/grading/panels", "/grading/references", "/grading/trials"])
      expect((await fetch(`${webUrl}${page}`, { redirect: "manual" })).status, page).not.toBe(308);

    // The hub lists the three queues, each with what the caller has left of it.
    const hub = await call(webUrl, "GET", `/grading?benchmark=${key}`, { cookie: await signIn(webUrl, m2) });
    expect(hub.status).toBe(200);
    for (const queue of ["/grading/pairs?", "/grading/panels?", "/grading/references?"])
      expect(hub.text).toContain(`href="${queue}benchmark=${encodeURIComponent(key)}"`);
    expect(hub.text).toMatch(/data-testid="grading-queues"/);
  });
});
