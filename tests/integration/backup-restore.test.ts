// Backup and restore (docs/operating.md#backup-and-restore): `npm run backup` of the test database, `npm run restore`
// into a new database, and a web server on the restored one serves the same leaderboard JSON as the suite's web server
// on the original, byte for byte, and the restored database scores the submission
// again with no judge call and the same numbers (every verdict is in Postgres; Redis holds nothing a restore needs).

import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { OfflineEmbeddingProvider } from "../../lib/embeddings/provider";
import { OpenAiJudge } from "../../lib/llm/judge";
import { claimSubmission } from "../../worker/features/scoring/claim-submission";
import { scoreSubmission } from "../../worker/features/scoring/score-submission";
import { ROOT, startProcess, stopProcess, TSX_NODE_ARGS, waitForHttp } from "../../scripts/lib/processes";
import { startFakeOpenAi } from "../support/fake-openai";
import { db } from "../support/fixtures";
import { freePort, resultOf, seedRepeatedRunSubmission } from "../support/fault-harness";
import { LOG_DIR } from "../support/global-setup";

const run = promisify(execFile);
const sourceUrl = process.env.DATABASE_URL!;
const restoredName = `probebench_restore_${randomUUID().slice(0, 8)}`;
const restoredUrl = (() => {
  const url = new URL(sourceUrl);
  url.pathname = `/${restoredName}`;
  return url.toString();
})();
const dir = mkdtempSync(path.join(tmpdir(), "probebench-backup-"));
let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
let restoredWeb: ChildProcess | undefined;
const webUrl = inject("webUrl");

beforeAll(async () => {
  fake = await startFakeOpenAi();
});

afterAll(async () => {
  await stopProcess(restoredWeb);
  await fake?.close();
  await db.$executeRawUnsafe(`DROP DATABASE IF EXISTS "${restoredName}" WITH (FORCE)`);
  rmSync(dir, { recursive: true, force: true });
});

async function npm(script: string, args: string[], databaseUrl: string): Promise<void> {
  await run("npm", ["run", "--silent", script, "--", ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
}

async function leaderboard(origin: string, key: string): Promise<string> {
  const response = await fetch(`${origin}/api/v1/leaderboard?benchmark=${encodeURIComponent(key)}`);
  expect(response.status).toBe(200);
  return response.text();
}

async function probe(databaseUrl: string, args: string[]): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    [...TSX_NODE_ARGS, path.join(ROOT, "tests/support/database-probe.ts"), ...args],
    { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl }, maxBuffer: 64 * 1024 * 1024 },
  );
  return stdout;
}

describe("backup and restore", () => {
  it("a restored database serves the same leaderboard and rescores with no judge call and the same numbers", async () => {
    const tag = randomUUID().slice(0, 8);
    const id = await seedRepeatedRunSubmission(tag);
    await scoreSubmission((await claimSubmission(id))!, {
      judge: new OpenAiJudge("fake-judge-1", {
        apiKey: "test-key",
        baseURL: fake.url,
        timeoutMs: 5_000,
        maxRetries: 2,
      }),
      embedder: new OfflineEmbeddingProvider(),
      concurrency: 8,
      budget: 1_000_000,
      malformedRetries: 2,
    });
    await db.submission.update({ where: { id }, data: { reviewStatus: "approved" } });
    const scored = await resultOf(id);
    expect(scored.status).toBe("scored");
    const board = await leaderboard(webUrl, `faults-${tag}@1`);
    expect(board).toContain(`Faults ${tag}`);

    const file = path.join(dir, "probebench.dump");
    await npm("backup", [file], sourceUrl);
    await db.$executeRawUnsafe(`CREATE DATABASE "${restoredName}"`);
    await npm("restore", [file, "--yes"], restoredUrl);

    // The same build as the suite's web server, on the restored database.
    const port = await freePort();
    restoredWeb = startProcess("web-restored", process.execPath, [...TSX_NODE_ARGS, "server/server.ts"], {
      env: { DATABASE_URL: restoredUrl, PORT: String(port), HOST: "127.0.0.1" },
      logDir: LOG_DIR,
    });
    await waitForHttp(`http://127.0.0.1:${port}/api/health`, 240_000, "the web server on the restored database");
    expect(await leaderboard(`http://127.0.0.1:${port}`, `faults-${tag}@1`)).toBe(board);
    const calls = fake.stats.chatCalls;
    const rescored = JSON.parse(await probe(restoredUrl, ["rescore", id, fake.url])) as typeof scored;
    expect(fake.stats.chatCalls).toBe(calls);
    expect(rescored).toEqual(scored);
  }, 600_000);
});
