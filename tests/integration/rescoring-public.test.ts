// A public entry being scored again (a maintainer's override requeues every submission holding the pair) stays on the
// public board with the scores of its last scoring until the new ones replace them in one transaction: the board
// never loses an entry for the minutes a large rescore takes.

import { contractFetch } from "../support/api-contract";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { db, finding, seedBenchmark, userWithToken, waitForStatus } from "../support/fixtures";

const webUrl = inject("webUrl");
let slug: string;
let id: string;

async function board(): Promise<{ rows: { id: string; overall: unknown }[] }> {
  const response = await contractFetch(`${webUrl}/api/v1/leaderboard?benchmark=${slug}@1`);
  expect(response.status).toBe(200);
  return (await response.json()) as { rows: { id: string; overall: unknown }[] };
}

/** The server re-reads the public stamp at most once a second: wait that out so a change shows. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1_100));

beforeAll(async () => {
  slug = await seedBenchmark();
  const submitter = await userWithToken("user");
  const admin = await userWithToken("admin");
  const response = await contractFetch(`${webUrl}/api/v1/submissions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${submitter.token}` },
    body: JSON.stringify({
      benchmark: slug,
      model: "Rescored In Public",
      findings: [finding("P1", "acme/parser", "parser/lexer.py", 42, 47, "Final token lost")],
    }),
  });
  id = ((await response.json()) as { id: string }).id;
  expect((await waitForStatus(webUrl, id, submitter.token)).status).toBe("scored");
  const review = await contractFetch(`${webUrl}/api/v1/admin/submissions/${id}/review`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${admin.token}` },
    body: JSON.stringify({ decision: "approve" }),
  });
  expect(review.status).toBe(200);
});

describe("a public entry scored again", () => {
  it("stays on the board, the repository tables and its page with its last scores while queued, scoring or failed", async () => {
    await settle();
    const before = (await board()).rows.find((r) => r.id === id);
    expect(before).toBeDefined();
    const repositories = async () =>
      JSON.stringify(await (await contractFetch(`${webUrl}/api/v1/repositories?benchmark=${slug}@1`)).json());
    const tablesBefore = await repositories();
    expect(tablesBefore).toContain(id);

    // What a requeue does to the row (lib/server/workbench/overrides.ts), without a job, so no worker rescores it here.
    for (const status of ["queued", "scoring", "failed", "awaiting_approval"] as const) {
      await db.submission.update({ where: { id }, data: { scoringStatus: status, scoringProgress: 0 } });
      await settle();
      expect((await board()).rows.find((r) => r.id === id)).toEqual(before);
      expect(await repositories()).toBe(tablesBefore);
      const page = await (await fetch(`${webUrl}/submissions/${id}`)).text();
      expect(page).toContain("the scores below are from that scoring until new ones replace them");
    }

    // Never scored is never public, approved or not.
    await db.submission.update({ where: { id }, data: { scoringStatus: "queued", scoredAt: null } });
    await settle();
    expect((await board()).rows.find((r) => r.id === id)).toBeUndefined();
    await db.submission.update({ where: { id }, data: { scoringStatus: "scored", scoredAt: new Date() } });
    await settle();
    expect((await board()).rows.find((r) => r.id === id)).toEqual(before);
  });

  it("says on its page when the offline judge scored it: no request, no cost", async () => {
    await db.judgeUsage.update({ where: { submissionId: id }, data: { offlineJudge: true } });
    const page = await (await fetch(`${webUrl}/submissions/${id}`)).text();
    expect(page).toContain("none: the offline judge decides each pair locally, at no cost");
    expect(page).toContain("none: the offline judge makes no request");
  });
});
