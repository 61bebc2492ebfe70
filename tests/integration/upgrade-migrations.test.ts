// Upgrades keep data (docs/operating.md#upgrading): a database at the previous release's schema, holding scored,
// approved, repeated-run and in-house entries, takes today's migrations and keeps every stored number, and the web
// serves its public pages and API exactly as for the same entries written at today's schema.
//
// The previous release is the schema of migration 20261204020000_reference_attribution, the last before this release's
// work (job leases, 20261207003000_job_leases, and every migration after it). Its rows are written as that schema
// stores them: today's app scores the entries into a database at today's schema (release-data.ts), and every table
// of the old schema takes those rows' old columns (a column added since has no place there; a column renamed since
// goes under its old name, RENAMED). The test then applies the remaining migrations and compares.

import { execFile, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, recreateDatabase } from "../../scripts/lib/database";
import { ROOT, startProcess, stopProcess, TSX_NODE_ARGS, waitForHttp } from "../../scripts/lib/processes";
import { startFakeOpenAi } from "../support/fake-openai";
import { freePort } from "../support/fault-harness";
import { db } from "../support/fixtures";
import { LOG_DIR } from "../support/global-setup";
import type { ReleaseEntries } from "../support/release-data";

const PREVIOUS_RELEASE = "20261204020000_reference_attribution";
const run = promisify(execFile);
const suffix = randomUUID().replace(/-/g, "").slice(0, 10);
const databaseUrl = (name: string) => {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
};
const today = `probebench_upgrade_today_${suffix}`;
const upgraded = `probebench_upgrade_${suffix}`;
let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
let web: ChildProcess | undefined;

beforeAll(async () => {
  fake = await startFakeOpenAi();
});

afterAll(async () => {
  await stopProcess(web);
  await fake?.close();
  for (const name of [today, upgraded]) await db.$executeRawUnsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
});

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Columns renamed since the previous release, by table: today's name and the old schema's. Rows go into the old
 * database under the old name and are compared under today's, so a rename must keep every value.
 */
const RENAMED: Record<string, Record<string, string>> = {
  Submission: { claimToken: "scoringToken" },
  PanelRun: { claimToken: "token" },
  AttributionRun: { claimToken: "token" },
  ReferenceAttributionRun: { claimToken: "token" },
  BenchmarkDatasheet: { claimToken: "token" },
  JudgeTrial: { claimToken: "token" },
};

/** Every table of the database (but the migrations' own) and its columns. */
async function tablesOf(client: pg.Client): Promise<Map<string, string[]>> {
  const { rows } = await client.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name <> '_prisma_migrations' ORDER BY table_name, ordinal_position`,
  );
  const tables = new Map<string, string[]>();
  for (const r of rows) tables.set(r.table_name, [...(tables.get(r.table_name) ?? []), r.column_name]);
  return tables;
}

/** A table's rows in the given columns (each under its name in `as`, if any), as one JSON text in a stable order. */
async function rowsOf(
  client: pg.Client,
  table: string,
  columns: string[],
  as: Record<string, string> = {},
): Promise<string> {
  const list = columns.map((c) => (as[c] ? `${quote(c)} AS ${quote(as[c])}` : quote(c))).join(", ");
  const { rows } = await client.query<{ data: string }>(
    `SELECT coalesce(json_agg(t ORDER BY t::text), '[]'::json)::text AS data FROM (SELECT ${list} FROM ${quote(table)}) t`,
  );
  return rows[0]!.data;
}

/**
 * Copies every row of `from` into the tables of `to`, in the columns `to` has (foreign keys unchecked while copying,
 * so the order of tables does not matter). Returns the tables copied and their columns, and the tables `to` lacks.
 */
async function copyRows(from: string, to: string) {
  return withClient(from, (source) =>
    withClient(to, async (target) => {
      const [sourceTables, targetTables] = [await tablesOf(source), await tablesOf(target)];
      const copied = new Map<string, string[]>();
      const lacking: { table: string; rows: number }[] = [];
      await target.query("BEGIN");
      await target.query("SET LOCAL session_replication_role = replica");
      for (const [table, columns] of sourceTables) {
        const renamed = RENAMED[table] ?? {};
        const old = targetTables.get(table);
        const kept = old && columns.filter((c) => old.includes(renamed[c] ?? c));
        if (!kept) {
          const { rows } = await source.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${quote(table)}`);
          lacking.push({ table, rows: rows[0]!.n });
          continue;
        }
        const list = kept.map((c) => quote(renamed[c] ?? c)).join(", ");
        await target.query(
          `INSERT INTO ${quote(table)} (${list}) SELECT ${list} FROM json_populate_recordset(null::${quote(table)}, $1::json)`,
          [await rowsOf(source, table, kept, renamed)],
        );
        copied.set(table, kept);
      }
      await target.query("COMMIT");
      return { copied, lacking };
    }),
  );
}

async function probe(url: string, args: string[]): Promise<unknown> {
  const { stdout } = await run(
    process.execPath,
    [...TSX_NODE_ARGS, path.join(ROOT, "tests/support/database-probe.ts"), ...args],
    { cwd: ROOT, env: { ...process.env, DATABASE_URL: url }, maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as unknown;
}

/** What the public sees of the entries: the API's answers (compared byte for byte) and the pages' statuses. */
async function publicView(url: string, entries: ReleaseEntries, models: string[]) {
  const port = await freePort();
  web = startProcess(`web-upgrade-${port}`, process.execPath, [...TSX_NODE_ARGS, "server/server.ts"], {
    env: { DATABASE_URL: url, PORT: String(port), HOST: "127.0.0.1" },
    logDir: LOG_DIR,
  });
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${origin}/api/health`, 240_000, `the web server on ${url}`);
    const slug = entries.benchmark.split("@")[0]!;
    const view: Record<string, string> = {};
    const paths = [
      `/api/v1/leaderboard?benchmark=${encodeURIComponent(entries.benchmark)}`,
      ...[entries.repeated, entries.single, entries.inHouse, entries.pending].flatMap((id) => [
        `/api/v1/submissions/${id}`,
        `/api/v1/submissions/${id}/findings`,
      ]),
    ];
    for (const p of paths) {
      const response = await fetch(`${origin}${p}`);
      view[p] = `${response.status} ${await response.text()}`;
    }
    for (const p of [
      `/leaderboard/${slug}/1`,
      ...[entries.repeated, entries.single, entries.inHouse].map((id) => `/submissions/${id}`),
    ]) {
      const response = await fetch(`${origin}${p}`);
      const html = await response.text();
      view[p] = `${response.status} ${models.filter((m) => html.includes(m)).join(", ")}`;
    }
    return view;
  } finally {
    await stopProcess(web);
  }
}

describe("upgrading from the previous release", () => {
  it("keeps every stored score and serves the same public pages and API", async () => {
    const tag = randomUUID().slice(0, 8);
    await recreateDatabase(databaseUrl(today));
    await migrate(databaseUrl(today));
    const entries = (await probe(databaseUrl(today), ["seed-release", tag, fake.url])) as ReleaseEntries;

    await recreateDatabase(databaseUrl(upgraded));
    await migrate(databaseUrl(upgraded), true, PREVIOUS_RELEASE);
    const { copied, lacking } = await copyRows(databaseUrl(today), databaseUrl(upgraded));
    // Tables added since hold nothing of these entries: the old database holds all of them.
    expect(lacking.length).toBeGreaterThan(0);
    expect(lacking.filter((t) => t.rows > 0)).toEqual([]);
    for (const table of ["Submission", "Run", "Finding", "Score", "Match", "CrossRunPair", "JudgeVerdict", "AuditRun"])
      expect(copied.has(table), table).toBe(true);
    // A renamed column is compared too: the fencing token, scoringToken before 20261207114600_claim_token.
    expect(copied.get("Submission")).toContain("claimToken");

    const remaining = readdirSync(path.join(ROOT, "prisma", "migrations"))
      .filter((name) => /^\d{14}_/.test(name) && name > PREVIOUS_RELEASE)
      .sort();
    expect(remaining.length).toBeGreaterThan(0);
    const output = await migrate(databaseUrl(upgraded));
    expect(output).toContain(`Applied ${remaining.length} migration(s): ${remaining.join(", ")}`);

    // Every stored value of the old schema's columns, table by table, as it was written.
    await withClient(databaseUrl(today), (before) =>
      withClient(databaseUrl(upgraded), async (after) => {
        for (const [table, columns] of copied)
          expect(await rowsOf(after, table, columns), table).toBe(await rowsOf(before, table, columns));
        const { rows } = await after.query<{ id: string; scores: number; status: string; review: string }>(
          `SELECT s.id, s."scoringStatus" AS status, s."reviewStatus" AS review,
             (SELECT count(*)::int FROM "Score" c WHERE c."submissionId" = s.id) AS scores
           FROM "Submission" s ORDER BY s.model`,
        );
        expect(rows).toHaveLength(4);
        for (const r of rows) {
          expect(r.status).toBe("scored");
          expect(r.scores).toBeGreaterThan(0);
          expect(r.review).toBe(r.id === entries.pending ? "pending" : "approved");
        }
      }),
    );

    const models = [`Faults ${tag}`, `Single ${tag}`, `In-house ${tag}`, `Pending ${tag}`];
    // The one difference allowed: a scoring's estimated cost is stored since 20261207040000; an entry scored before
    // has none, and the API says so (null) rather than inventing one.
    const expected = Object.fromEntries(
      Object.entries(await publicView(databaseUrl(today), entries, models)).map(([p, answer]) => [
        p,
        answer.replace(/"estimated_cost_usd":[0-9.e+-]+/g, '"estimated_cost_usd":null'),
      ]),
    );
    const view = await publicView(databaseUrl(upgraded), entries, models);
    expect(view).toEqual(expected);
    const board = view[`/api/v1/leaderboard?benchmark=${encodeURIComponent(entries.benchmark)}`]!;
    expect(board.startsWith("200 ")).toBe(true);
    for (const model of models.slice(0, 3)) expect(board).toContain(model);
    expect(board).not.toContain(models[3]);
    expect(view[`/api/v1/submissions/${entries.pending}`]!.startsWith("404 ")).toBe(true);
    expect(view[`/submissions/${entries.inHouse}`]).toBe(`200 In-house ${tag}`);

    // Every verdict survived under its cache key: scoring again makes no judge call and stores the same numbers.
    const calls = fake.stats.chatCalls;
    const rescored = await probe(databaseUrl(upgraded), ["rescore", entries.repeated, fake.url]);
    expect(fake.stats.chatCalls).toBe(calls);
    expect(rescored).toEqual(await probe(databaseUrl(today), ["result", entries.repeated]));
  }, 900_000);
});
