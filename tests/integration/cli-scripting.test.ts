import { mkdirSync, mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { db, finding, seedBenchmark, userWithToken } from "../support/fixtures";
import { runCli } from "../support/cli";

// The CLI as a tool in scripts: an exit code per kind of failure, errors as JSON on stdout under --json, a stored
// login, the configuration's labels as flags, and operator commands that find the database in .env.

const webUrl = inject("webUrl");
const dir = mkdtempSync(path.join(tmpdir(), "probebench-cli-scripts-"));
const config = path.join(dir, "config");
// No token from the environment: each test says where its token comes from.
const base = { PROBEBENCH_URL: webUrl, PROBEBENCH_TOKEN: "", XDG_CONFIG_HOME: config };
const cli = (args: string[], env: Record<string, string> = {}) => runCli(args, { ...base, ...env });

function writeJson(name: string, value: unknown): string {
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(value));
  return file;
}

/** The JSON error a failed command printed on stdout. */
function jsonError(result: { stdout: string }) {
  return JSON.parse(result.stdout).error as { kind: string; exit_code: number; message: string; issues: unknown[] };
}

let slug: string;
let owner: { token: string; email: string };

beforeAll(async () => {
  slug = await seedBenchmark();
  owner = await userWithToken();
});

describe("probebench in scripts", () => {
  it("prints each failure as JSON on stdout with its own exit code", async () => {
    const cases: [string[], Record<string, string>, number, string, RegExp][] = [
      [["status", "x", "--url", "notaurl", "--json"], {}, 2, "usage", /--url is not a URL/],
      [["status", "x", "--nope", "--json"], {}, 2, "usage", /unknown option '--nope'/],
      [["submit", "f.json", "--json"], {}, 3, "auth", /probebench login/],
      [["status", "x", "--json"], { PROBEBENCH_URL: "http://127.0.0.1:9" }, 4, "network", /Cannot reach/],
      [["validate", dir, "--json"], {}, 5, "invalid_file", /is a directory/],
      [["validate", path.join(dir, "none.json"), "--json"], {}, 5, "invalid_file", /file not found/],
      [["status", "cknotthere000000000000000", "--json"], {}, 7, "not_found", /probebench login/],
      [["status", "x", "--json", "--token", "pb_invalid"], {}, 3, "auth", /invalid or revoked/],
    ];
    for (const [args, env, code, kind, message] of cases) {
      const result = await cli(args, env);
      expect({ args, code: result.code }).toEqual({ args, code });
      const error = jsonError(result);
      expect(error).toMatchObject({ kind, exit_code: code });
      expect(error.message).toMatch(message);
    }
    const text = await cli(["validate", dir]);
    expect(text.stdout).toBe("");
    expect(text.stderr).toMatch(/^Error: .* is a directory: name a findings file/);
    expect((await cli(["--version"])).stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  it("takes a base URL copied with /api, and signs in once for later commands", async () => {
    const listed = await cli(["benchmark", "list", "--json", "--url", `${webUrl}/api/`]);
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout).benchmarks.map((b: { slug: string }) => b.slug)).toContain(slug);

    const login = await cli(["login", "--token", owner.token, "--url", `${webUrl}/api`]);
    expect(login.code).toBe(0);
    expect(login.stderr).toContain(`Signed in to ${webUrl}`);
    expect(statSync(path.join(config, "probebench", "hosts.json")).mode & 0o777).toBe(0o600);
    expect((await cli(["login", "--token", "pb_wrong"])).code).toBe(3);

    // The stored token is used without --token, for the stored server even without --url.
    const file = writeJson("mine.json", {
      benchmark: slug,
      model: "Scripted",
      findings: [finding("P1", "acme/parser", "parser/lexer.py", 42, 47, "Final token lost")],
    });
    const submitted = await cli(["submit", file, "--json"], { PROBEBENCH_URL: "" });
    expect(submitted.code).toBe(0);
    const id = JSON.parse(submitted.stdout).id as string;
    expect((await cli(["status", id, "--json"])).code).not.toBe(7);

    expect((await cli(["logout"])).stderr).toContain(`Signed out of ${webUrl}`);
    const anonymous = await cli(["status", id]);
    expect(anonymous.code).toBe(7);
    expect(anonymous.stderr).toMatch(/not yet approved, sign in first: `probebench login`/);
  });

  it("sends the configuration's labels given as flags, and checks them first", async () => {
    const file = writeJson("labelled.json", { benchmark: slug, model: "Labelled", findings: [] });
    const token = { PROBEBENCH_TOKEN: owner.token };
    const bad = await cli(
      ["submit", file, "--cost-usd", "cheap", "--report-url", "ftp://x", "--parameter-count", "lots", "--json"],
      token,
    );
    expect(bad.code).toBe(2);
    expect(jsonError(bad).issues).toEqual([
      { path: "--cost-usd", message: expect.stringContaining("must be a number") },
      { path: "--report-url", message: "must be an http(s) URL" },
      { path: "--parameter-count", message: "must be a count such as 70000000000, 70B or 1.5T" },
    ]);
    const result = await cli(
      [
        "submit",
        file,
        "--json",
        "--reasoning-effort",
        "high",
        "--cost-usd",
        "12.5",
        "--report-url",
        "https://example.org/run",
        "--open-model",
        "--organisation",
        "Acme Labs",
        "--model-licence",
        "apache-2.0",
        "--parameter-count",
        "1.5T",
      ],
      token,
    );
    expect(result.code).toBe(0);
    const row = await db.submission.findUniqueOrThrow({ where: { id: JSON.parse(result.stdout).id } });
    expect(row).toMatchObject({
      reasoningEffort: "high",
      costUsd: 12.5,
      reportUrl: "https://example.org/run",
      openModel: true,
      organisation: "Acme Labs",
      modelLicence: "apache-2.0",
      parameterCount: 1_500_000_000_000n,
    });
  });

  it("refuses the same file sent twice, and findings that name no file of their repository, unless asked", async () => {
    const token = { PROBEBENCH_TOKEN: owner.token };
    const file = writeJson("twice.json", {
      benchmark: slug,
      model: "Twice",
      findings: [finding("P2", "acme/parser", "parser/ast.py", 100, 104, "Exponent precedence")],
    });
    const first = await cli(["submit", file, "--json"], token);
    expect(first.code).toBe(0);
    const again = await cli(["submit", file, "--json"], token);
    expect(again.code).toBe(8);
    expect(jsonError(again)).toMatchObject({ kind: "conflict", status: 409 });
    expect(jsonError(again).message).toContain(
      `You uploaded this file before: submission ${JSON.parse(first.stdout).id}`,
    );
    expect(jsonError(again).message).toContain("--allow-duplicate");
    expect((await cli(["submit", file, "--allow-duplicate"], token)).code).toBe(0);

    // With a snapshot imported, acme/parser's files are known: absolute paths name none of them.
    const tree = path.join(dir, "parser-tree");
    mkdirSync(path.join(tree, "parser"), { recursive: true });
    writeFileSync(path.join(tree, "parser", "lexer.py"), "def next_token(buf):\n    return buf[:1]\n");
    const store = { SNAPSHOT_STORE: path.join(dir, "store") };
    const imported = await cli(
      ["snapshot", "import", "--benchmark", `${slug}@1`, "--repo", "acme/parser", tree],
      store,
    );
    expect(imported.code).toBe(0);
    const absolute = writeJson("absolute.json", {
      benchmark: slug,
      model: "Absolute paths",
      findings: [finding("P1", "acme/parser", "/home/ci/parser/parser/lexer.py", 42, 47, "Final token lost")],
    });
    const refused = await cli(["submit", absolute, "--json"], token);
    expect(refused.code).toBe(5);
    expect(jsonError(refused).issues).toEqual([
      {
        path: "findings[].file",
        message: expect.stringMatching(
          /^none of the 1 findings names a file of its repository .*--allow-unknown-paths/,
        ),
      },
    ]);
    expect((await cli(["submit", absolute, "--allow-unknown-paths"], token)).code).toBe(0);
    // Some paths right, some not: stored, with the dry run's warning.
    const partly = writeJson("partly.json", {
      benchmark: slug,
      model: "Partly absolute paths",
      findings: [
        finding("P1", "acme/parser", "parser/lexer.py", 42, 47, "Final token lost"),
        finding("P3", "acme/parser", "/home/ci/parser/parser/lexer.py", 1, 2, "First token lost"),
      ],
    });
    const stored = await cli(["submit", partly], token);
    expect(stored.code).toBe(0);
    expect(stored.stderr).toMatch(/^Warning: 1 of 2 findings name no file of their repository \(for example "\/home/m);
  });

  it("finds the database of an operator command in the working directory's .env", async () => {
    const cwd = path.join(dir, "checkout");
    mkdirSync(cwd);
    writeFileSync(path.join(cwd, ".env"), `DATABASE_URL=${process.env.DATABASE_URL}\n`);
    const created = await runCli(["token", "create", "--email", owner.email], { DATABASE_URL: "" }, { cwd });
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^pb_\S+\n$/);
    expect(created.stderr).toContain(`Using DATABASE_URL from ${path.join(cwd, ".env")}`);
  });
});
