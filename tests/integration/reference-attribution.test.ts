// Reference bugs labelled by the findings' classifier (docs/panel-and-attribution.md, docs/analyses.md; the paper's
// F.7.3): the shared worker's reference-attribution job against the fake OpenAI server, queued by the first attribution
// of a submission and again by an admin (served from the cache, no model call), and the bug-types JSON and CSV naming
// one labeller on both sides once it has labelled every reference bug, the maintainers' labels (marked) before.

import { beforeAll, describe, expect, inject, it } from "vitest";
import { importBenchmark } from "../../lib/server/benchmarks/import-benchmark";
import { benchmarkFileSchema } from "../../lib/validation/benchmark-file";
import { waitFor } from "../support/fault-harness";
import { db, finding, smallBenchmark, uniqueSlug, waitForStatus, SMALL_TAXONOMY } from "../support/fixtures";
import { approveSubmission, call, createTestUser, type TestUser } from "./authz-support";

const webUrl = inject("webUrl");

type ReferenceJob = {
  status: string;
  labelled: number;
  total: number;
  llm_calls: number;
  cached: number;
  automatic: boolean;
};

describe("reference bugs labelled by the findings' classifier", () => {
  let admin: TestUser;
  let key: string;
  let id: string;

  const referenceJob = async (): Promise<ReferenceJob | undefined> => {
    const list = await call(webUrl, "GET", "/api/v1/admin/benchmarks", { token: admin.token });
    const version = list.json.benchmarks.find((b: { key: string }) => b.key === key);
    return version.reference_labels.jobs.find((j: { configured: boolean }) => j.configured);
  };
  const waitForJob = async (what: string, until: (j: ReferenceJob) => boolean): Promise<ReferenceJob> =>
    (await waitFor(referenceJob, (j) => j !== undefined && (j.status === "failed" || until(j)), 90_000, what))!;

  beforeAll(async () => {
    const slug = uniqueSlug("labeller");
    key = `${slug}@1`;
    const file = smallBenchmark(slug);
    // The benchmark file's labels: three bugs with a category and no trigger level, one without a category. Texts
    // of their own, so no other suite's label of the same text is reused from the cache.
    file.reference_bugs[3]!.category = undefined;
    for (const bug of file.reference_bugs) bug.description += ` (${slug})`;
    await importBenchmark(benchmarkFileSchema.parse({ ...file, taxonomy: SMALL_TAXONOMY }));
    admin = await createTestUser("admin");
    const submitter = await createTestUser("user");
    const created = await call(
      webUrl,
      "POST",
      "/api/v1/submissions",
      { token: submitter.token },
      {
        benchmark: slug,
        model: `Labeller agent ${slug}`,
        harness: "probe-passes",
        findings: [
          finding("P1", "acme/parser", "parser/lexer.py", 40, 48, "Lexer drops the last token"),
          finding("X1", "acme/parser", "parser/ast.py", 10, 12, "Unary minus binds too loosely"),
          finding("X2", "acme/ui", "src/render.ts", 5, 9, "Legend overlaps the axis on narrow charts"),
        ],
      },
    );
    expect(created.status).toBe(202);
    id = created.json.id;
    expect((await waitForStatus(webUrl, id, submitter.token)).status).toBe("scored");
    expect(await approveSubmission(webUrl, id, admin.token)).toBe(200);
  });

  it("before any classifier labels: the maintainers' own labels, marked as another labeller", async () => {
    const types = (await call(webUrl, "GET", `/api/v1/bug-types?benchmark=${key}`)).json;
    expect(types.stored).toMatchObject({
      sameLabeller: false,
      labellers: { agents: null, reference: { kind: "benchmark", key: "benchmark" } },
      humanTotal: 3,
      // A category without a trigger level is counted, not silently dropped from the trigger table.
      referenceWithoutTrigger: 3,
    });
    expect(types.stored.labellerNote).toContain("The same-labeller comparison turns on once");
    // The page says so too (the demo, without an LLM, stays in this state).
    const page = (await call(webUrl, "GET", `/bug-types?benchmark=${key}`)).text.replaceAll("&#x27;", "'");
    expect(page).toContain("Maintainers % (maintainers' labels)");
    expect(page).toContain("maintainers' labels (the benchmark file's categories; another labeller)");
    expect(page).toContain("The same-labeller comparison turns on once");
    // Only admins start it.
    const path = `/api/v1/admin/benchmarks/${encodeURIComponent(key)}/reference-attribution`;
    expect((await call(webUrl, "POST", path, {}, {})).status).toBe(401);
    expect((await call(webUrl, "POST", path, { token: (await createTestUser("maintainer")).token }, {})).status).toBe(
      403,
    );
  });

  it("the submission's first attribution queues the reference labels; both sides then share one labeller", async () => {
    const started = await call(
      webUrl,
      "POST",
      `/api/v1/admin/submissions/${id}/attribution`,
      { token: admin.token },
      {},
    );
    expect(started.status).toBe(202);
    const job = await waitForJob("the reference labels", (j) => j.status === "done");
    expect(job).toMatchObject({ status: "done", labelled: 4, total: 4, automatic: true });
    expect(job.llm_calls).toBe(4);

    const refs = await db.referenceBug.findMany({ where: { repository: { benchmark: { slug: key.split("@")[0] } } } });
    const labels = await db.bugTypeAttribution.findMany({
      where: { subjectKind: "reference", subjectId: { in: refs.map((r) => r.id) } },
    });
    expect(labels.filter((l) => l.source === "llm" && l.model === "fake-attribution")).toHaveLength(4);
    // The benchmark file's categories stay beside, as the maintainers' own labels.
    expect(labels.filter((l) => l.source === "benchmark").map((l) => l.category)).toEqual(
      Array(3).fill("Unhandled degenerate value"),
    );

    await waitFor(
      async () => (await db.attributionRun.findUniqueOrThrow({ where: { submissionId: id } })).status,
      (s) => s === "done" || s === "failed",
      90_000,
      "the findings' attribution",
    );
    const types = await waitFor(
      async () => (await call(webUrl, "GET", `/api/v1/bug-types?benchmark=${key}`)).json,
      (t) => t.stored?.sameLabeller === true && t.stored.agentConfigurations === 1,
      20_000,
      "the same-labeller comparison",
    );
    const { agents, reference } = types.stored.labellers;
    expect(agents).toMatchObject({ kind: "classifier", model: "fake-attribution" });
    expect(reference).toEqual(agents);
    expect(types.stored).toMatchObject({ humanTotal: 4, referenceWithoutTrigger: null });
    const csv = (await call(webUrl, "GET", `/api/v1/bug-types?benchmark=${key}&format=csv`)).text.split("\r\n");
    expect(csv[0]).toMatch(/,agent_labeller,reference_labeller$/);
    expect(csv[1]!.endsWith(`,${agents.key},${agents.key}`)).toBe(true);
    const distances = (await call(webUrl, "GET", `/api/v1/bug-types/distances?benchmark=${key}`)).json;
    expect(distances.same_labeller).toBe(true);
    expect(distances.subjects.map((s: { labeller: string }) => s.labeller)).toEqual([agents.key, agents.key]);
  });

  it("an admin's rerun makes no model call: every label comes from the cache", async () => {
    const before = (await referenceJob())!;
    const path = `/api/v1/admin/benchmarks/${encodeURIComponent(key)}/reference-attribution`;
    const again = await call(webUrl, "POST", path, { token: admin.token }, {});
    expect(again.status).toBe(202);
    expect(again.json).toMatchObject({ status: "queued", model: "fake-attribution", reference_bugs: 4 });
    const job = await waitForJob("the rerun", (j) => j.status === "done" && !j.automatic);
    expect(job).toMatchObject({ status: "done", labelled: 4, cached: 4, automatic: false });
    expect(job.llm_calls).toBe(before.llm_calls);
  });
});
