import { contractFetch } from "../support/api-contract";
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gunzipSync } from "node:zlib";
import tar from "tar-stream";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { passPlanSchema } from "../../lib/validation/pass-plan";
import { db, seedBenchmark } from "../support/fixtures";
import { runCli } from "../support/cli";

// `probebench snapshot import` against the real database and a scratch SNAPSHOT_STORE, and the plan API.
const exec = promisify(execFile);
const webUrl = inject("webUrl");
const work = mkdtempSync(path.join(tmpdir(), "probebench-snapshots-"));
const store = path.join(work, "store");
let slug: string;

const cli = (args: string[]) => runCli(args, { SNAPSHOT_STORE: store });

function makeTree(name: string, files: Record<string, string>, links: Record<string, string> = {}): string {
  const root = path.join(work, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  for (const [link, target] of Object.entries(links)) symlinkSync(target, path.join(root, link));
  return root;
}

async function tarMembers(file: string): Promise<string[]> {
  const extract = tar.extract();
  const names: string[] = [];
  const reading = (async () => {
    for await (const entry of extract) {
      names.push(entry.header.name);
      entry.resume();
    }
  })();
  extract.end(gunzipSync(readFileSync(file)));
  await reading;
  return names;
}

const PARSER = {
  "parser/lexer.py": "def next_token(buf):\n    return buf[:1]\n",
  "parser/ast.py": "from parser.lexer import next_token\n\ndef parse_binary(left, op):\n    return next_token(left)\n",
  "app/main.py": "from parser.ast import parse_binary\n\nparse_binary('a', '+')\n",
  "tests/test_lexer.py": "def test_it():\n    pass\n",
  ".git/HEAD": "ref: refs/heads/main\n",
  ".git/objects/aa/bb": "history",
};

beforeAll(async () => {
  slug = await seedBenchmark();
});

describe("probebench snapshot import", () => {
  it("stores the tree without history, content-addressed, with its plan; identical content again is a no-op", async () => {
    const root = makeTree("parser", PARSER, { "docs-link.py": "parser/lexer.py" });
    const first = await cli([
      "snapshot",
      "import",
      "--benchmark",
      `${slug}@1`,
      "--repo",
      "acme/parser",
      "--image",
      "ghcr.io/acme/parser-env:1",
      root,
    ]);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(
      /^Imported: acme\/parser .*4 files, 11 source lines \(python 11\); plan: 3 audited files in 2 passes; revision history removed \(1 entries\)/,
    );

    const row = await db.repositorySnapshot.findFirstOrThrow({
      where: { repository: { name: "acme/parser", benchmark: { slug } } },
      include: { plans: true },
    });
    expect(row).toMatchObject({
      fileCount: 4,
      lines: 11,
      image: "ghcr.io/acme/parser-env:1",
      storagePath: `${row.sha256.slice(0, 2)}/${row.sha256}.tar.gz`,
    });
    const members = await tarMembers(path.join(store, row.storagePath));
    expect(members).toEqual(["app/main.py", "docs-link.py", "parser/ast.py", "parser/lexer.py", "tests/test_lexer.py"]);
    expect(row.plans).toHaveLength(1);
    const plan = passPlanSchema.parse(row.plans[0]!.plan);
    expect(plan.audited_files).toEqual(["app/main.py", "parser/ast.py", "parser/lexer.py"]);
    expect(plan.excluded).toEqual([{ file: "tests/test_lexer.py", reason: "test directory" }]);

    // The same content as a .tar.gz with other file times: unchanged.
    const archive = path.join(work, "parser.tar.gz");
    await exec("tar", ["-czf", archive, "-C", root, "."]);
    const again = await cli(["snapshot", "import", "--benchmark", `${slug}@1`, "--repo", "acme/parser", archive]);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^Unchanged \(identical content\)/);
    expect(await db.repositorySnapshot.count({ where: { repository: { benchmark: { slug } } } })).toBe(1);
  });

  it("refuses different content for the same repository and version", async () => {
    const root = makeTree("parser-changed", {
      ...PARSER,
      "parser/lexer.py": "def next_token(buf):\n    return buf[:2]\n",
    });
    const result = await cli(["snapshot", "import", "--benchmark", `${slug}@1`, "--repo", "acme/parser", root]);
    expect(result.code).toBe(8); // conflict
    expect(result.stderr).toMatch(/already has a different snapshot .*a version's snapshots never change/);
  });

  it("refuses symbolic links that leave the tree, and unknown repositories", async () => {
    const root = makeTree(
      "ui-escape",
      { "src/render.ts": "export function render() {}\n" },
      { "src/secrets": "../../../etc" },
    );
    const escaping = await cli(["snapshot", "import", "--benchmark", `${slug}@1`, "--repo", "acme/ui", root]);
    expect(escaping.code).toBe(5); // invalid file
    expect(escaping.stderr).toContain(
      "Symbolic links that leave the repository are refused: src/secrets -> ../../../etc",
    );
    const unknown = await cli(["snapshot", "import", "--benchmark", `${slug}@1`, "--repo", "acme/nothing", root]);
    expect(unknown.code).toBe(7); // not found
    expect(unknown.stderr).toContain("acme/nothing is not a repository of");
    expect(existsSync(store)).toBe(true);
  });
});

describe("GET /api/v1/repositories/{owner}/{name}/plan", () => {
  it("serves the stored plan, and a 404 that says what is missing", async () => {
    const ok = await contractFetch(`${webUrl}/api/v1/repositories/acme/parser/plan?benchmark=${slug}@1`);
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as {
      benchmark: string;
      repository: string;
      snapshot: { files: number; image: string };
      plan: unknown;
    };
    expect(body).toMatchObject({
      benchmark: `${slug}@1`,
      repository: "acme/parser",
      snapshot: { files: 4, image: "ghcr.io/acme/parser-env:1" },
    });
    expect(passPlanSchema.parse(body.plan).passes.map((p) => p.files)).toEqual([
      ["app/main.py"],
      ["parser/ast.py", "parser/lexer.py"],
    ]);

    const missing = await contractFetch(`${webUrl}/api/v1/repositories/acme/ui/plan?benchmark=${slug}@1`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toMatch(
      /No snapshot or pass plan of acme\/ui has been imported/,
    );
    expect((await contractFetch(`${webUrl}/api/v1/repositories/acme/nothing/plan?benchmark=${slug}@1`)).status).toBe(
      404,
    );
    expect((await contractFetch(`${webUrl}/api/v1/repositories/acme/parser/plan?benchmark=${slug}@9`)).status).toBe(
      404,
    );
  });
});
