// Candidate-judge trials (docs/grading.md) through the real web app and worker: an admin tries a candidate
// model on a version's labelled pairs, the worker asks it and the judge in use about the same pairs (cached verdicts
// reused, each model's kept apart), the comparison matches the test's own arithmetic, and switching makes new
// scorings use the candidate. Maintainers may label but not try or switch judges.

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { closeQueues } from "../../lib/queue/queues";
import { importBenchmark } from "../../lib/server/benchmarks/import-benchmark";
import { db, finding, smallBenchmark, uniqueSlug, waitForStatus } from "../support/fixtures";
import { waitFor } from "../support/fault-harness";
import { reserveTrialCalls } from "../../worker/features/grading/claim-trial";
import { approveSubmission, call, createTestUser, signIn, type TestUser } from "./authz-support";

const webUrl = inject("webUrl");
const tag = randomUUID().slice(0, 8);
// The fake endpoint answers "match" to every pair for a model of this name (tests/support/fake-openai.ts).
const CANDIDATE = `fake-always-match-${tag}`;

let key: string;
let maintainer: TestUser;
let admin: TestUser;

async function scoredSubmission(model: string): Promise<string> {
  const created = await call(
    webUrl,
    "POST",
    "/api/v1/submissions",
    { token: admin.token },
    {
      benchmark: key,
      model,
      findings: [
        finding("P1", "acme/parser", "parser/lexer.py", 42, 47, `Final token lost (${tag}) ${model}`),
        finding("P2", "acme/parser", "parser/ast.py", 101, 104, `Exponent binds loosely (${tag}) ${model}`),
        finding("X7", "acme/parser", "parser/lexer.py", 44, 52, `Tab width ignored (${tag}) ${model}`),
      ],
    },
  );
  expect(created.status).toBe(202);
  expect((await waitForStatus(webUrl, created.json.id, admin.token)).status).toBe("scored");
  return created.json.id;
}

beforeAll(async () => {
  const slug = uniqueSlug("jt");
  key = `${slug}@1`;
  await importBenchmark(smallBenchmark(slug));
  [maintainer, admin] = await Promise.all([createTestUser("maintainer"), createTestUser("admin")]);
  const id = await scoredSubmission(`Trial agent ${tag}`);
  expect(await approveSubmission(webUrl, id, admin.token)).toBe(200);
});

afterAll(async () => {
  // The stored judge is process-wide: later test files score with JUDGE_MODEL again.
  await db.activeJudge.deleteMany();
  await closeQueues();
});

describe("a candidate-judge trial", () => {
  it("tries a candidate on the labelled pairs next to the judge in use, and switching changes new scoring", async () => {
    const start = (auth: { token: string }, model: string) =>
      call(webUrl, "POST", "/api/v1/grading/trials", auth, { benchmark: key, model });
    // Admins only; a model name, not a URL; nothing labelled yet: label pairs first.
    expect((await start({ token: maintainer.token }, CANDIDATE)).status).toBe(403);
    expect((await call(webUrl, "GET", `/api/v1/grading/trials?benchmark=${key}`, maintainer)).status).toBe(403);
    const bad = await start({ token: admin.token }, "http://169.254.169.254/latest");
    expect(bad.status).toBe(422);
    expect(bad.json.error.issues.map((i: { path: string }) => i.path)).toEqual(["model"]);
    const empty = await start({ token: admin.token }, CANDIDATE);
    expect(empty.status).toBe(409);
    expect(empty.json.error.message).toContain("label pairs first");

    // A maintainer labels the drawn pairs: alternately same and different, the last one debatable (left out).
    const drawn = await call(
      webUrl,
      "POST",
      "/api/v1/grading/pairs",
      { token: maintainer.token },
      { benchmark: key, size: 10, seed: "t1" },
    );
    expect(drawn.status).toBe(201);
    const pairs = await db.labelPair.findMany({ where: { sampleId: drawn.json.id }, orderBy: { position: "asc" } });
    expect(pairs.length).toBeGreaterThanOrEqual(4);
    const labelOf = (i: number) => (i === pairs.length - 1 ? "debatable" : i % 2 === 0 ? "same" : "different");
    for (const [i, p] of pairs.entries()) {
      const saved = await call(
        webUrl,
        "POST",
        `/api/v1/grading/pairs/${p.id}/labels`,
        { token: maintainer.token },
        { label: labelOf(i) },
      );
      expect(saved.status).toBe(201);
    }
    const counted = pairs.slice(0, -1);

    // Eight at once: exactly one starts, the others get a 409 (the database holds one active trial per version).
    const attempts = await Promise.all(Array.from({ length: 8 }, () => start({ token: admin.token }, CANDIDATE)));
    expect(attempts.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const refused of attempts.filter((a) => a.status === 409))
      expect(refused.json.error.message).toContain("still running");
    const started = attempts.find((a) => a.status === 201)!;
    const versionId = (await db.benchmark.findFirstOrThrow({ where: { slug: key.split("@")[0] } })).id;
    expect(await db.judgeTrial.count({ where: { benchmarkId: versionId } })).toBe(1);
    expect(started.json).toMatchObject({ candidate_model: CANDIDATE, current_model: "fake-judge-1", status: "queued" });
    const trial = await waitFor(
      async () => (await call(webUrl, "GET", `/api/v1/grading/trials/${started.json.id}`, admin)).json,
      (t) => t.status === "done" || t.status === "failed",
      60_000,
      "the trial to finish",
    );
    expect(trial.error).toBe(null);

    // Own arithmetic. The candidate says match to all: TP = labelled same, FP = labelled different.
    const same = counted.filter((_, i) => labelOf(i) === "same").length;
    const different = counted.length - same;
    const c = trial.comparison;
    expect(c.pairs).toBe(counted.length);
    expect(c.candidate).toMatchObject({
      true_positives: same,
      false_positives: different,
      false_negatives: 0,
      true_negatives: 0,
    });
    expect(c.candidate.precision).toMatchObject({ value: same / counted.length, successes: same });
    expect(c.candidate.recall.value).toBe(1);
    expect(c.candidate.agreement.value).toBe(same / counted.length);
    // The judge in use: its own verdicts on the same pairs, from the cache (a candidate's never stand in for them).
    const tally = { true_positives: 0, false_positives: 0, false_negatives: 0, true_negatives: 0 };
    for (const [i, p] of counted.entries()) {
      const verdicts = await db.judgeVerdict.findMany({
        where: { leftHash: p.leftHash, rightHash: p.rightHash, judgeModel: "fake-judge-1" },
      });
      expect(verdicts).toHaveLength(1);
      const truth = labelOf(i) === "same";
      const said = verdicts[0]!.match;
      tally[truth ? (said ? "true_positives" : "false_negatives") : said ? "false_positives" : "true_negatives"]++;
    }
    expect(c.current).toMatchObject(tally);
    const agreed = tally.true_positives + tally.true_negatives;
    expect(c.current.agreement).toMatchObject({ value: agreed / counted.length, successes: agreed });
    // Calls: the candidate for every pair; the judge in use only for the pairs the prefilter never sent it.
    const filteredOut = counted.filter((p) => p.stratum === "filtered_out").length;
    expect(trial).toMatchObject({
      pairs: counted.length,
      judge_calls: counted.length + filteredOut,
      cached_verdicts: counted.length - filteredOut,
    });

    // Switching: admins only, audit-logged; then new scorings use the candidate, and /method says so.
    const switchPath = `/api/v1/grading/trials/${trial.id}/switch`;
    expect((await call(webUrl, "POST", switchPath, { token: maintainer.token })).status).toBe(403);
    const switched = await call(webUrl, "POST", switchPath, { token: admin.token });
    expect(switched.status).toBe(200);
    expect(switched.json).toMatchObject({ model: CANDIDATE, source: "stored", trial_id: trial.id });
    expect(await db.auditLog.count({ where: { action: "judge.switch", target: `judge_trial:${trial.id}` } })).toBe(1);
    const next = await scoredSubmission(`After switch ${tag}`);
    expect((await db.judgeUsage.findUniqueOrThrow({ where: { submissionId: next } })).judgeModel).toBe(CANDIDATE);
    const quality = await call(webUrl, "GET", `/api/v1/grading/judge-quality?benchmark=${key}`);
    expect(quality.json.active_judge).toMatchObject({ model: CANDIDATE, source: "stored" });
    const list = await call(webUrl, "GET", `/api/v1/grading/trials?benchmark=${key}`, { token: admin.token });
    expect(list.json.trials[0]).toMatchObject({ id: trial.id, active: true });
    expect(list.json.labelled_pairs).toBe(counted.length);
    // The admin page shows both side by side, and the trust section on /method names the judge in use.
    const cookie = await signIn(webUrl, admin);
    const html = async (path: string) =>
      (await (await fetch(`${webUrl}${path}`, { headers: { cookie } })).text()).replaceAll("<!-- -->", "");
    const page = await html(`/grading/trials?benchmark=${key}`);
    expect(page).toContain(`${CANDIDATE} against fake-judge-1 (in use)`);
    expect(page).toContain(`${((100 * same) / counted.length).toFixed(1)}%`);
    expect(await html(`/method?benchmark=${key}`)).toContain(
      `New scorings use the judge <strong>${CANDIDATE}</strong>`,
    );
  });
});

describe("the judge-call budget of trials", () => {
  it("counts every trial running at once together", async () => {
    const versions = await Promise.all(
      [uniqueSlug("jtb"), uniqueSlug("jtb")].map(async (slug) => {
        await importBenchmark(smallBenchmark(slug));
        return (await db.benchmark.findFirstOrThrow({ where: { slug } })).id;
      }),
    );
    const trial = (benchmarkId: string, plannedCalls: number) =>
      db.judgeTrial.create({
        // Leased for an hour: the reconciler leaves these rows (no job behind them) alone during the test.
        data: {
          benchmarkId,
          candidateModel: "a",
          currentModel: "b",
          status: "running",
          plannedCalls,
          leaseUntil: new Date(Date.now() + 3_600_000),
        },
      });
    const other = await trial(versions[0]!, 1_000_000);
    const mine = await trial(versions[1]!, 0);
    const claim = { trialId: mine.id, token: 0, benchmarkId: versions[1]!, candidateModel: "a", currentModel: "b" };
    try {
      // Alone under the budget, together above it: refused, nothing reserved.
      expect(await reserveTrialCalls(claim, 600_000, 1_500_000)).toBeGreaterThanOrEqual(1_000_000);
      expect((await db.judgeTrial.findUniqueOrThrow({ where: { id: mine.id } })).plannedCalls).toBe(0);
      expect(await reserveTrialCalls(claim, 400_000, 1_500_000)).toBe(null);
      expect((await db.judgeTrial.findUniqueOrThrow({ where: { id: mine.id } })).plannedCalls).toBe(400_000);
      // A second active trial of one version is refused by the database itself.
      await expect(trial(versions[1]!, 0)).rejects.toThrow();
    } finally {
      await db.judgeTrial.updateMany({ where: { id: { in: [other.id, mine.id] } }, data: { status: "failed" } });
    }
  });
});
