// What users of other leaderboards take for granted: an entry's findings downloadable with its metadata and licence
// (public entries only, never a reference bug's text), a public queue of entries not on the board yet (no private
// detail), and the open-weights statement shown and filterable on the board.

import { contractFetch } from "../support/api-contract";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { db, finding, seedBenchmark, userWithToken, waitForStatus } from "../support/fixtures";

const webUrl = inject("webUrl");
let slug: string;
let id: string;
let failedId: string;
let submitter: { id: string; token: string; email: string };
let admin: { token: string };

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
type QueueEntry = { id: string; status: string; model: string };

async function queue(query = ""): Promise<{ body: string; entries: QueueEntry[] }> {
  const response = await contractFetch(`${webUrl}/api/v1/queue?per_page=200${query}`);
  expect(response.status).toBe(200);
  const body = await response.text();
  return { body, entries: (JSON.parse(body) as { entries: QueueEntry[] }).entries };
}

async function upload(token: string, model: string, extra: Record<string, unknown> = {}): Promise<string> {
  const response = await contractFetch(`${webUrl}/api/v1/submissions`, {
    method: "POST",
    headers: { "content-type": "application/json", ...auth(token) },
    body: JSON.stringify({
      benchmark: slug,
      model,
      findings: [finding("P1", "acme/parser", "parser/lexer.py", 42, 47, "Final token lost")],
      ...extra,
    }),
  });
  expect(response.status).toBe(202);
  return ((await response.json()) as { id: string }).id;
}

beforeAll(async () => {
  slug = await seedBenchmark();
  submitter = await userWithToken("user");
  await db.user.update({ where: { id: submitter.id }, data: { name: "Public Name" } });
  admin = await userWithToken("admin");
  id = await upload(submitter.token, "Open Artifact Model", { harness: "probe-harness", open_model: true });
  failedId = await upload(submitter.token, "Failing Queue Model");
  expect((await waitForStatus(webUrl, id, submitter.token)).status).toBe("scored");
  await waitForStatus(webUrl, failedId, submitter.token);
  await db.submission.update({
    where: { id: failedId },
    data: { scoringStatus: "failed", scoringError: "secret provider detail" },
  });
});

describe("public artifacts", () => {
  it("lists pending entries in the queue with a public status only", async () => {
    const { body, entries } = await queue();
    expect(entries.find((e) => e.id === id)?.status).toBe("awaiting_review");
    expect(entries.find((e) => e.id === failedId)?.status).toBe("failed");
    expect(body).not.toContain("secret provider detail");
    expect(body).not.toContain(submitter.email);
    expect(body).not.toContain("Final token lost");
    const failed = await queue("&status=failed");
    expect(failed.entries.map((e) => e.id)).toContain(failedId);
    expect(failed.entries.map((e) => e.id)).not.toContain(id);
    const page = await (await fetch(`${webUrl}/queue?status=failed`)).text();
    expect(page).toContain("Failing Queue Model");
    expect(page).not.toContain("secret provider detail");
  });

  it("serves an unapproved entry's findings only to its submitter and staff", async () => {
    expect((await contractFetch(`${webUrl}/api/v1/submissions/${id}/findings`)).status).toBe(404);
    const stranger = await userWithToken("user");
    const asStranger = await contractFetch(`${webUrl}/api/v1/submissions/${id}/findings`, {
      headers: auth(stranger.token),
    });
    expect(asStranger.status).toBe(404);
    const own = await contractFetch(`${webUrl}/api/v1/submissions/${id}/findings`, { headers: auth(submitter.token) });
    expect(own.status).toBe(200);
  });

  it("publishes an approved entry's findings with metadata and licence, and its open weights on the board", async () => {
    const review = await contractFetch(`${webUrl}/api/v1/admin/submissions/${id}/review`, {
      method: "POST",
      headers: { "content-type": "application/json", ...auth(admin.token) },
      body: JSON.stringify({ decision: "approve" }),
    });
    expect(review.status).toBe(200);
    const response = await contractFetch(`${webUrl}/api/v1/submissions/${id}/findings`);
    expect(response.status).toBe(200);
    const text = await response.text();
    const body = JSON.parse(text) as Record<string, unknown> & { runs: { findings: { title: string }[] }[] };
    expect(body).toMatchObject({
      model: "Open Artifact Model",
      harness: "probe-harness",
      open_model: true,
      submitter: "Public Name",
      benchmark: { slug, version: "1" },
      licence: { id: "CC-BY-4.0" },
      review_status: "approved",
    });
    expect(body.runs[0]!.findings.map((f) => f.title)).toEqual(["Final token lost [root:P1]"]);
    // The reference bug it matched stays hidden, and so does the submitter's email.
    expect(text).not.toContain("Lexer drops the last token");
    expect(text).not.toContain(submitter.email);

    expect((await queue()).entries.map((e) => e.id)).not.toContain(id);
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // the public stamp is re-read once a second
    const board = (await (await contractFetch(`${webUrl}/api/v1/leaderboard?benchmark=${slug}@1`)).json()) as {
      rows: { id: string; open_model: boolean | null }[];
    };
    expect(board.rows.find((r) => r.id === id)?.open_model).toBe(true);
    const page = await (await fetch(`${webUrl}/submissions/${id}`)).text();
    expect(page).toContain(`/api/v1/submissions/${id}/findings`);
    expect(page).toContain("open weights");
  });
});
