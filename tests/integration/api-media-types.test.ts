import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { finding, seedBenchmark, userWithToken } from "../support/fixtures";

// The API as generated clients and scripts meet it: CSV at its own `.csv` path or by `Accept: text/csv`, a JSON 404
// for paths that are not routes, and the Python client (clients/python, standard library only) run by the machine's python3.

const exec = promisify(execFile);
const webUrl = inject("webUrl");
let slug: string;
let token: string;

beforeAll(async () => {
  slug = await seedBenchmark();
  token = (await userWithToken()).token;
});

describe("media types and unknown paths", () => {
  it("serves a download's CSV at <path>.csv with the same query, and JSON at the path itself", async () => {
    const csv = await fetch(`${webUrl}/api/v1/leaderboard.csv?benchmark=${slug}@1`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect((await csv.text()).split("\n")[0]).toContain("f1");
    const json = await fetch(`${webUrl}/api/v1/leaderboard?benchmark=${slug}@1`);
    expect(json.headers.get("content-type")).toMatch(/^application\/json/);
    const repository = await fetch(`${webUrl}/api/v1/repositories/acme/parser.csv?benchmark=${slug}@1`);
    expect(repository.headers.get("content-type")).toMatch(/^text\/csv/);
  });

  it("answers Accept: text/csv with the CSV where the query names no format", async () => {
    const url = `${webUrl}/api/v1/repositories?benchmark=${slug}@1`;
    const asked = await fetch(url, { headers: { accept: "text/csv, application/json;q=0.5" } });
    expect(asked.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(asked.headers.get("vary")).toMatch(/accept/i);
    expect((await asked.text()).split("\n")[0]).toContain("recall");
    const told = await fetch(`${url}&format=json`, { headers: { accept: "text/csv" } });
    expect(told.headers.get("content-type")).toMatch(/^application\/json/);
    const any = await fetch(url, { headers: { accept: "*/*" } });
    expect(any.headers.get("content-type")).toMatch(/^application\/json/);
  });

  it("answers a method a route does not take with the API's JSON 405, naming the ones it does", async () => {
    const response = await fetch(`${webUrl}/api/v1/leaderboard?benchmark=${slug}@1`, { method: "POST" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET");
    expect(await response.json()).toEqual({
      error: {
        code: "method_not_allowed",
        message: expect.stringContaining("/api/v1/leaderboard does not answer POST"),
      },
    });
    expect((await fetch(`${webUrl}/api/v1/leaderboard?benchmark=${slug}@1`, { method: "HEAD" })).status).toBe(200);
  });

  it("answers a path that is not a route with the API's JSON 404, for any method", async () => {
    for (const [method, url] of [
      ["GET", "/api/v1/nope"],
      ["POST", "/api/v1/submissions/x/nothing/here"],
      ["GET", "/api/nothing"],
    ] as const) {
      const response = await fetch(`${webUrl}${url}`, { method });
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({
        error: { code: "not_found", message: expect.stringContaining(`No API route at ${method} ${url}`) },
      });
    }
  });
});

describe("the Python client", () => {
  it("submits, waits, reads the status and the board (JSON and CSV) against this server", async () => {
    const { stdout, stderr } = await exec("python3", ["-m", "unittest", "-v", "test_probebench"], {
      cwd: path.resolve("clients", "python"),
      env: {
        ...process.env,
        PROBEBENCH_TEST_URL: webUrl,
        PROBEBENCH_TEST_TOKEN: token,
        PROBEBENCH_TEST_BENCHMARK: slug,
        PROBEBENCH_TEST_FINDING: JSON.stringify(
          finding("P1", "acme/parser", "parser/lexer.py", 42, 47, "Final token lost without trailing newline"),
        ),
        XDG_CONFIG_HOME: path.resolve("test-artifacts", "python-client-config"),
        PYTHONDONTWRITEBYTECODE: "1",
      },
      timeout: 150_000,
    });
    expect(`${stdout}${stderr}`).toMatch(/Ran 3 tests .*\n\nOK/s);
    expect(stderr).not.toMatch(/skipped/);
  });
});
