import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { passPlanSchema } from "../lib/validation/pass-plan";

// `probebench plan --json` twice, on two copies of one tree at different absolute paths, from different working
// directories (one relative, one absolute argument): the bytes must be identical and hold no absolute path.
const BIN = path.resolve("bin/probebench.js");
const work = mkdtempSync(path.join(tmpdir(), "probebench-determinism-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const FILES: Record<string, string> = {
  "pkg/__init__.py": "",
  "pkg/core.py":
    "from .util import clean\n\nclass Engine:\n    def run(self, rows):\n        return [clean(r) for r in rows]\n",
  "pkg/util.py": "def clean(value):\n    return value.strip()\n",
  "pkg/cli/main.py": "from pkg.core import Engine\n\ndef main():\n    Engine().run([])\n",
  "web/src/api.ts": 'import { format } from "./lib/format";\nexport function show(n: number) { return format(n); }\n',
  "web/src/lib/format.ts": "export function format(n: number) { return n.toFixed(2); }\n",
  "web/src/lib/format.test.ts": 'import { format } from "./format";\nformat(1);\n',
  "tests/test_core.py": "def test_run():\n    pass\n",
};

function plan(cwd: string, source: string): string {
  return execFileSync(process.execPath, [BIN, "plan", source, "--json"], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, LANG: cwd.length % 2 ? "C" : "de_DE.UTF-8" },
  });
}

describe("probebench plan --json", () => {
  it("prints the byte-identical plan for the same tree from different directories", () => {
    const first = path.join(work, "one", "repo");
    for (const [file, text] of Object.entries(FILES)) {
      mkdirSync(path.dirname(path.join(first, file)), { recursive: true });
      writeFileSync(path.join(first, file), text);
    }
    const second = path.join(work, "elsewhere", "deeper", "copy");
    cpSync(first, second, { recursive: true });

    const a = plan(path.join(work, "one"), "repo");
    const b = plan(tmpdir(), second);
    expect(b).toBe(a);
    expect(a).not.toContain(work);
    const parsed = passPlanSchema.parse(JSON.parse(a));
    expect(parsed.audited_files).toEqual([
      "pkg/__init__.py",
      "pkg/cli/main.py",
      "pkg/core.py",
      "pkg/util.py",
      "web/src/api.ts",
      "web/src/lib/format.ts",
    ]);
    expect(parsed.excluded.map((e) => e.file)).toEqual(["tests/test_core.py", "web/src/lib/format.test.ts"]);
    expect(parsed.passes.find((p) => p.files.includes("pkg/cli/main.py"))!.callees).toEqual([
      { file: "pkg/core.py", line: 3, name: "Engine" },
      { file: "pkg/core.py", line: 4, name: "run" },
    ]);
  }, 60_000);
});
