import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { db, finding, smallBenchmark, uniqueSlug, waitForStatus } from "../support/fixtures";
import { runCli } from "../support/cli";

const webUrl = inject("webUrl");
const dir = mkdtempSync(path.join(tmpdir(), "probebench-cli-"));

const cli = (args: string[], env: Record<string, string> = {}) => runCli(args, { PROBEBENCH_URL: webUrl, ...env });

function writeJson(name: string, value: unknown): string {
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(value));
  return file;
}

let slug: string;
let token: string;
const email = `cli-${Date.now()}@example.test`;

beforeAll(async () => {
  slug = uniqueSlug("cli");
  const imported = await cli(["benchmark", "import", writeJson("benchmark.json", smallBenchmark(slug))]);
  expect(imported.code).toBe(0);
  expect(imported.stdout).toContain(`Imported ${slug}@1: 2 repositories, 4 reference bugs`);
  expect((await cli(["user", "create", "--email", email, "--role", "user"])).code).toBe(0);
  const created = await cli(["token", "create", "--email", email]);
  expect(created.code).toBe(0);
  token = created.stdout.trim();
});

describe("npx probebench", () => {
  it("prints the token alone on stdout so a shell can capture it", () => {
    expect(token).toMatch(/^pb_[A-Za-z0-9_-]{40,}$/);
  });

  it("submits a findings file, waits with progress and prints the scores", async () => {
    const file = writeJson("findings.json", {
      benchmark: slug,
      model: "CLI Model",
      findings: [finding("P1", "acme/parser", "parser/lexer.py", 42, 47, "Final token lost without trailing newline")],
    });
    const result = await cli(["submit", file, "--wait"], { PROBEBENCH_TOKEN: token });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/Uploaded .*findings\.json.*1 findings in 1 run/);
    expect(result.stderr).toContain("queued");
    expect(result.stdout).toMatch(/: scored/);
    expect(result.stdout).toMatch(/overall\s+recall\s+25\.0%\s+precision\s+100\.0%/);

    const id = /Submission (\S+): scored/.exec(result.stdout)![1]!;
    const status = await cli(["status", id, "--json", "--token", token]);
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({
      id,
      status: "scored",
      scores: { overall: { matched_reference_bugs: 1 } },
    });
  });

  it("submits a SARIF log with the benchmark and model as flags, and checks it locally first", async () => {
    const log = {
      version: "2.1.0",
      runs: [
        {
          tool: { driver: { name: "Semgrep", semanticVersion: "1.90.0" } },
          versionControlProvenance: [{ repositoryUri: "https://github.com/acme/parser" }],
          results: [
            {
              ruleId: "py.lexer",
              level: "error",
              message: { text: "Final token lost without trailing newline [root:P1]" },
              locations: [
                {
                  physicalLocation: {
                    artifactLocation: { uri: "parser/lexer.py" },
                    region: { startLine: 42, endLine: 47 },
                  },
                },
              ],
            },
            { ruleId: "meta", message: { text: "no location" } },
          ],
        },
      ],
    };
    const file = writeJson("results.sarif", log);
    const missing = await cli(["submit", file], { PROBEBENCH_TOKEN: token });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("--benchmark: is required for a SARIF file");
    const result = await cli(["submit", file, "--benchmark", `${slug}@1`, "--model", "Semgrep 1.x", "--wait"], {
      PROBEBENCH_TOKEN: token,
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(
      /Uploaded .*results\.sarif.*1 findings in 1 run\(s\), queued; of the SARIF results, 1 name a file of their repository, 0 were kept as written, 1 without a location were skipped/,
    );
    expect(result.stdout).toMatch(/overall\s+recall\s+25\.0%/);
    const broken = writeJson("broken.sarif", {
      version: "2.1.0",
      runs: [
        {
          tool: { driver: { name: "x" } },
          results: [{ message: {}, locations: [{ physicalLocation: { region: { startLine: 0 } } }] }],
        },
      ],
    });
    const refused = await cli(["submit", broken, "--benchmark", `${slug}@1`], { PROBEBENCH_TOKEN: token });
    expect(refused.code).toBe(5);
    expect(refused.stderr).toContain("runs[0].results[0].locations[0].physicalLocation.region.startLine");
  });

  it("reads a SARIF log named .json as SARIF, prints JSON without --wait, and status fails for a failed submission", async () => {
    const log = {
      version: "2.1.0",
      runs: [
        {
          tool: { driver: { name: "Analyser" } },
          results: [
            {
              ruleId: "r",
              message: { text: "Final token lost" },
              locations: [
                {
                  physicalLocation: {
                    artifactLocation: { uri: "file:///ci/work/parser/parser/lexer.py" },
                    region: { startLine: 42 },
                  },
                },
              ],
            },
          ],
        },
      ],
    };
    const file = writeJson("analyser-output.json", log);
    const validated = await cli(["validate", file], { PROBEBENCH_URL: "http://127.0.0.1:9" });
    expect(validated.code).toBe(0);
    expect(validated.stdout).toContain("OK: SARIF log: 1 results become findings");
    const submitted = await cli(
      ["submit", file, "--benchmark", `${slug}@1`, "--source-root", "/ci/work/parser", "--json"],
      { PROBEBENCH_TOKEN: token },
    );
    expect(submitted.code).toBe(0);
    const created = JSON.parse(submitted.stdout);
    expect(created).toMatchObject({ status: "queued", findings: 1, paths: { mapped: 1, unmapped: 0 } });
    await waitForStatus(webUrl, created.id, token);
    await db.submission.update({ where: { id: created.id }, data: { scoringStatus: "failed" } });
    const status = await cli(["status", created.id, "--json"], { PROBEBENCH_TOKEN: token });
    expect(JSON.parse(status.stdout).status).toBe("failed");
    expect(status.code).toBe(6);
  });

  it("lists every bad field of an invalid file and exits non-zero", async () => {
    const file = writeJson("bad.json", {
      benchmark: slug,
      model: "m",
      findings: [{ repo: "acme/nope", file: "x", line_start: 5, line_end: 1, title: "t", description: "d" }],
    });
    const result = await cli(["submit", file], { PROBEBENCH_TOKEN: token });
    expect(result.code).toBe(5);
    expect(result.stderr).toContain("findings[0].line_end: must be >= line_start (5)");
  });

  it("validates a file locally: the errors by JSON path without a server, or a summary", async () => {
    const offline = { PROBEBENCH_URL: "http://127.0.0.1:9" };
    const bad = writeJson("bad-local.json", {
      benchmark: slug,
      findings: [{ repo: "r", file: "f", line_start: 0, line_end: 1, title: "t" }],
    });
    const checked = await cli(["validate", bad], offline);
    expect(checked.code).toBe(5);
    expect(checked.stderr).toContain("model:");
    expect(checked.stderr).toContain("findings[0].description:");
    expect(checked.stderr).toContain("findings[0].line_start:");
    // submit checks locally too, so it never reaches the (unreachable) server with a broken file
    const submitted = await cli(["submit", bad, "--token", "pb_x"], offline);
    expect(submitted.stderr).toContain("findings[0].description:");
    expect(submitted.stderr).not.toMatch(/Cannot reach/);
    const malformed = path.join(dir, "malformed.json");
    writeFileSync(malformed, '{"benchmark": "x",\n  "model": }');
    expect((await cli(["validate", malformed], offline)).stderr).toMatch(/line 2, column 12/);
    const good = writeJson("good-local.json", {
      benchmark: slug,
      model: "m",
      runs: [{ findings: [] }, { findings: [] }],
    });
    const ok = await cli(["validate", good], offline);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain(`OK: 0 findings in 2 run(s) for ${slug}, model m.`);
  });

  it("validates on the server with a token: every check of an upload, the same refusals and exit codes, nothing stored", async () => {
    const before = await db.submission.count({ where: { benchmark: { slug } } });
    const unknownRepo = writeJson("unknown-repo.json", {
      benchmark: slug,
      model: "CLI dry run",
      findings: [finding("P1", "acme/nope", "parser/lexer.py", 42, 47, "Final token lost")],
    });
    // The local checks alone pass it; the server refuses it as an upload would.
    const local = await cli(["validate", unknownRepo, "--local"], { PROBEBENCH_TOKEN: token });
    expect(local.code).toBe(0);
    expect(local.stdout).toContain("Local checks only (--local)");
    const refused = await cli(["validate", unknownRepo, "--json"], { PROBEBENCH_TOKEN: token });
    expect(refused.code).toBe(5);
    expect(JSON.parse(refused.stdout).error.issues[0].message).toContain('unknown repository "acme/nope"');

    const good = writeJson("dry-run.json", {
      benchmark: slug,
      model: "CLI dry run",
      findings: [finding("P1", "acme/parser", "parser/lexer.py", 42, 47, "Final token lost without trailing newline")],
    });
    const ok = await cli(["validate", good, "--json"], { PROBEBENCH_TOKEN: token });
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({
      ok: true,
      checked: "server",
      server: {
        dry_run: true,
        benchmark: `${slug}@1`,
        findings: 1,
        runs: 1,
        repositories: [{ repo: "acme/parser", findings: 1 }],
      },
    });
    // The file the first test submitted: a repeat, refused as `submit` would (409, exit code 8).
    const repeat = await cli(["validate", path.join(dir, "findings.json")], { PROBEBENCH_TOKEN: token });
    expect(repeat.code).toBe(8);
    expect(repeat.stderr).toContain("You uploaded this file before");
    expect(await db.submission.count({ where: { benchmark: { slug } } })).toBe(before);
  });

  it("explains a missing token, a missing file and an unreachable server", async () => {
    expect((await cli(["submit", "nope.json"], { PROBEBENCH_TOKEN: "" })).stderr).toMatch(/API token is required/);
    expect((await cli(["submit", path.join(dir, "missing.json")], { PROBEBENCH_TOKEN: token })).stderr).toMatch(
      /file not found/,
    );
    const down = await cli(["status", "x"], { PROBEBENCH_URL: "http://127.0.0.1:9" });
    expect(down.code).toBe(4);
    expect(down.stderr).toMatch(/Cannot reach the probebench server/);
  });

  it("creates a token with chosen scopes and lifetime, still printing only the token on stdout", async () => {
    const before = Date.now();
    const created = await cli([
      "token",
      "create",
      "--email",
      email,
      "--name",
      "read only",
      "--scopes",
      "read",
      "--expires-days",
      "7",
    ]);
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^pb_[A-Za-z0-9_-]{40,}\n$/);
    const expires = /scopes read; expires (\d{4}-\d\d-\d\d \d\d:\d\d) UTC/.exec(created.stderr);
    expect(expires).not.toBeNull();
    expect(Math.abs(Date.parse(`${expires![1]}Z`.replace(" ", "T")) - (before + 7 * 24 * 3600 * 1000))).toBeLessThan(
      120_000,
    );
    const readOnly = created.stdout.trim();
    const file = writeJson("scoped.json", { benchmark: slug, model: "Scoped", findings: [] });
    const refused = await cli(["submit", file], { PROBEBENCH_TOKEN: readOnly });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/lacks the `submit` scope/);
    // The default is submit + read for 90 days.
    expect((await cli(["token", "create", "--email", email])).stderr).toMatch(/scopes submit, read; expires /);
  });

  it("checks token flags and the admin scope before creating anything", async () => {
    const bad = async (args: string[], message: string | RegExp, code = 2) => {
      const result = await cli(["token", "create", "--email", email, ...args]);
      expect(result.code).toBe(code);
      expect(result.stdout).toBe("");
      expect(result.stderr).toMatch(message);
    };
    await bad(["--scopes", "read,upload"], /--scopes\[1\]: "upload" is not a scope: use submit, read or admin/);
    await bad(["--scopes", "read,read"], /--scopes\[1\]: read is listed twice/);
    await bad(["--scopes", ","], /--scopes: choose at least one scope/);
    await bad(["--expires-days", "0"], /--expires-days: must be between 1 and 365 days/);
    await bad(["--expires-days", "30d"], /--expires-days: must be a whole number of days/);
    await bad(["--scopes", "submit,admin"], /Only admins and maintainers can create a token with the `admin` scope/, 3);
  });

  it("revokes every token of a user whose password an operator resets", async () => {
    const owner = `cli-reset-${Date.now()}@example.test`;
    expect((await cli(["user", "create", "--email", owner, "--password", "first-password-1"])).code).toBe(0);
    const issued = (await cli(["token", "create", "--email", owner])).stdout.trim();
    expect((await cli(["status", "ckunknownid0000000000000", "--token", issued])).stderr).toMatch(/not found/i);
    const reset = await cli(["user", "set-password", "--email", owner, "--password", "second-password-2"]);
    expect(reset.code).toBe(0);
    expect(reset.stdout).toMatch(/Password set for .*; 0 session\(s\) signed out, 1 API token\(s\) revoked/);
    const after = await cli(["status", "ckunknownid0000000000000", "--token", issued]);
    expect(after.code).toBe(3);
    expect(after.stderr).toMatch(/The API token is invalid or revoked/);
  });

  it("refuses a duplicate user and a duplicate benchmark version", async () => {
    expect((await cli(["user", "create", "--email", email])).stderr).toMatch(/already exists/);
    expect((await cli(["benchmark", "import", path.join(dir, "benchmark.json")])).stderr).toMatch(/already exists/);
  });
});
