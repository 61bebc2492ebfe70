// What users of other leaderboards take for granted: an entry's findings downloadable with its metadata and licence
// (public entries only, never a reference bug's text, streamed as it was uploaded), a public queue of entries not on
// the board yet (no private detail), the model metadata shown on the board, and the board's history.

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
  id = await upload(submitter.token, "Open Artifact Model", {
    harness: "probe-harness",
    open_model: true,
    organisation: "Acme Labs",
    model_licence: "apache-2.0",
    parameter_count: 70_000_000_000,
  });
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
    expect((await contractFetch(`${webUrl}/api/v1/submissions/${id}/rank-history`)).status).toBe(404);
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
      organisation: "Acme Labs",
      model_licence: "apache-2.0",
      parameter_count: 70_000_000_000,
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
      rows: { id: string; open_model: boolean | null; organisation: string | null }[];
    };
    expect(board.rows.find((r) => r.id === id)).toMatchObject({ open_model: true, organisation: "Acme Labs" });
    const csv = await (await fetch(`${webUrl}/api/v1/leaderboard?benchmark=${slug}@1&format=csv`)).text();
    expect(csv.split("\n")[0]).toContain("organisation,model_licence,parameter_count");
    expect(csv).toContain("Acme Labs,apache-2.0,70000000000");
    const page = await (await fetch(`${webUrl}/submissions/${id}`)).text();
    expect(page).toContain(`/api/v1/submissions/${id}/findings`);
    expect(page).toContain("open weights");
    expect(page).toContain("Acme Labs · 70B parameters · apache-2.0");
  });

  it("shows the board as of a past date from the approvals, and an entry's rank over time", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const board = async (asOf: string) => {
      const response = await contractFetch(`${webUrl}/api/v1/leaderboard?benchmark=${slug}@1&as_of=${asOf}`);
      expect(response.status).toBe(200);
      return {
        etag: response.headers.get("etag")!,
        body: (await response.json()) as { as_of: string; rows: { id: string }[] },
      };
    };
    // Approved today (the audit log): not on yesterday's board, on today's.
    const past = await board(yesterday);
    expect(past.body).toMatchObject({ as_of: yesterday, rows: [] });
    const now = await board(today);
    expect(now.body.rows.map((r) => r.id)).toEqual([id]);
    expect(now.etag).not.toBe(past.etag);
    const again = await fetch(`${webUrl}/api/v1/leaderboard?benchmark=${slug}@1&as_of=${today}`, {
      headers: { "if-none-match": now.etag },
    });
    expect(again.status).toBe(304);
    const future = await contractFetch(`${webUrl}/api/v1/leaderboard?benchmark=${slug}@1&as_of=${tomorrow}`);
    expect(future.status).toBe(422);
    expect(await future.text()).toContain("must not be after today");

    const history = await contractFetch(`${webUrl}/api/v1/submissions/${id}/rank-history`);
    expect(history.status).toBe(200);
    expect(await history.json()).toMatchObject({ id, coverage: "full", points: [{ date: today, rank: 1, ranked: 1 }] });
    const historyCsv = await (await fetch(`${webUrl}/api/v1/submissions/${id}/rank-history?format=csv`)).text();
    expect(historyCsv).toBe(`date,rank,ranked\r\n${today},1,1\r\n`);
    expect((await contractFetch(`${webUrl}/api/v1/submissions/${failedId}/rank-history`)).status).toBe(404);

    const pastPage = await (await fetch(`${webUrl}/leaderboard/${slug}/1?as_of=${yesterday}`)).text();
    expect(pastPage).toContain("A past board:");
    expect(pastPage).toContain(`href="/leaderboard/${slug}/1"`);
    expect(pastPage).not.toContain("Open Artifact Model");
    const entryPage = await (await fetch(`${webUrl}/submissions/${id}`)).text();
    expect(entryPage).toContain("Rank over time");
    expect(entryPage).toContain(`?as_of=${today}`);
  });

  it("streams a large findings file back exactly as it was uploaded", async () => {
    // Over one page of the stream (1,000 findings) in the first run, and a second run.
    const owner = await userWithToken("user");
    const runs = [
      Array.from({ length: 1_234 }, (_, i) => ({
        ...finding(`S${i}`, "acme/parser", "parser/lexer.py", 1 + (i % 40), 2 + (i % 40), `Streamed "${i}" \u00e9`),
        id: `s-${i}`,
      })),
      [{ ...finding("T1", "acme/parser", "parser/ast.py", 3, 4, "Second run"), severity: "high", confidence: 0.5 }],
    ];
    const response = await contractFetch(`${webUrl}/api/v1/submissions`, {
      method: "POST",
      headers: { "content-type": "application/json", ...auth(owner.token) },
      body: JSON.stringify({ benchmark: slug, model: "Streamed", runs: runs.map((findings) => ({ findings })) }),
    });
    expect(response.status).toBe(202);
    const streamedId = ((await response.json()) as { id: string }).id;
    await contractFetch(`${webUrl}/api/v1/submissions/${streamedId}/withdraw`, {
      method: "POST",
      headers: auth(owner.token),
    });
    const download = await contractFetch(`${webUrl}/api/v1/submissions/${streamedId}/findings`, {
      headers: auth(owner.token),
    });
    expect(download.status).toBe(200);
    const body = (await download.json()) as { runs: { index: number; findings: Record<string, unknown>[] }[] };
    expect(body.runs.map((r) => r.index)).toEqual([0, 1]);
    const sent = (f: Record<string, unknown>) => ({
      id: f.id ?? null,
      repo: f.repo,
      file: f.file,
      line_start: f.line_start,
      line_end: f.line_end,
      title: f.title,
      description: f.description,
      severity: f.severity ?? null,
      confidence: f.confidence ?? null,
    });
    for (const [i, run] of runs.entries()) {
      expect(body.runs[i]!.findings.map(sent)).toEqual(run.map((f) => sent(f as Record<string, unknown>)));
    }
  });
});
