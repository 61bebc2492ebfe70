import { describe, expect, it } from "vitest";
import type { CallSite, PassPlan } from "../validation/pass-plan";
import { planSourceTree } from "./plan-source-tree";

// Hand-built trees through the real tree-sitter grammars and tags.scm queries.
const tree = (files: Record<string, string>) =>
  Object.entries(files).map(([path, text]) => ({ path, content: Buffer.from(text) }));
const calleesOf = (plan: PassPlan, file: string): CallSite[] =>
  plan.passes.find((p) => p.files.includes(file))!.callees;
const callersOf = (plan: PassPlan, file: string): CallSite[] =>
  plan.passes.find((p) => p.files.includes(file))!.callers;

describe("planSourceTree: call resolution", () => {
  it("resolves Python calls through absolute, relative, aliased and module imports", async () => {
    const plan = await planSourceTree(
      tree({
        "pkg/__init__.py": "",
        "pkg/util.py": "def helper(x):\n    return x\n\n\ndef other():\n    pass\n",
        "pkg/io/reader.py": "class Reader:\n    def read_all(self):\n        return 1\n",
        "pkg/io/__init__.py": "",
        "app/main.py": [
          "from pkg.util import helper as h",
          "import pkg.io.reader as rd",
          "from pkg import util",
          "",
          "def main():",
          "    h(1)",
          "    rd.Reader()",
          "    util.other()",
          "    print(len([]))",
          "",
        ].join("\n"),
        "pkg/out/writer.py":
          "from ..util import helper\nfrom ..io.reader import Reader\n\ndef write():\n    helper(2)\n    Reader().read_all()\n",
      }),
    );
    expect(calleesOf(plan, "app/main.py")).toEqual(
      expect.arrayContaining([
        { file: "pkg/util.py", line: 1, name: "helper" },
        { file: "pkg/io/reader.py", line: 1, name: "Reader" },
        { file: "pkg/util.py", line: 5, name: "other" },
      ]),
    );
    // Relative imports (..util, ..io.reader); read_all resolves by its unique name.
    expect(calleesOf(plan, "pkg/out/writer.py")).toEqual(
      expect.arrayContaining([
        { file: "pkg/util.py", line: 1, name: "helper" },
        { file: "pkg/io/reader.py", line: 2, name: "read_all" },
      ]),
    );
    expect(plan.call_graph.unresolved).toBe(2); // print and len: built-ins are never guessed
  });

  it("resolves TypeScript and JavaScript imports: named, aliased, namespace, compiled .js names, index files, require", async () => {
    const plan = await planSourceTree(
      tree({
        "src/scale/linear.ts":
          "export function niceDomain(d: number[]) { return d; }\nexport class LinearScale { ticks() { return []; } }\n",
        "src/scale/index.ts": "export function createScale() { return 1; }\n",
        "src/format.ts": "export default function format(n: number) { return String(n); }\n",
        "src/ui/chart.tsx": [
          'import { niceDomain as nice, LinearScale } from "../scale/linear.js";',
          'import * as scales from "../scale";',
          'import format from "../format";',
          "export function Chart() {",
          "  const s = new LinearScale();",
          "  nice([1]);",
          "  scales.createScale();",
          "  return <div>{format(s.ticks().length)}</div>;",
          "}",
        ].join("\n"),
        "lib/core/queue.js":
          'const { retry: backoff } = require("../retry");\nconst store = require("../store");\nfunction add() { backoff(); store.put(); }\nmodule.exports = { add };\n',
        "lib/retry.js": "function retry() {}\nmodule.exports = { retry };\n",
        "lib/store.js": "exports.put = function put() {};\n",
      }),
    );
    expect(calleesOf(plan, "src/ui/chart.tsx")).toEqual(
      expect.arrayContaining([
        { file: "src/scale/linear.ts", line: 1, name: "niceDomain" },
        { file: "src/scale/linear.ts", line: 2, name: "LinearScale" },
        { file: "src/scale/index.ts", line: 1, name: "createScale" },
        { file: "src/format.ts", line: 1, name: "format" },
        { file: "src/scale/linear.ts", line: 2, name: "ticks" },
      ]),
    );
    expect(calleesOf(plan, "lib/core/queue.js")).toEqual(
      expect.arrayContaining([
        { file: "lib/retry.js", line: 1, name: "retry" },
        { file: "lib/store.js", line: 1, name: "put" },
      ]),
    );
  });

  it("omits calls between files of the same batch", async () => {
    const plan = await planSourceTree(
      tree({ "pkg/a.py": "from pkg.b import f\n\ndef g():\n    f()\n", "pkg/b.py": "def f():\n    pass\n" }),
    );
    expect(plan.call_graph.resolved_by_import).toBe(1);
    expect(plan.passes).toHaveLength(1);
    expect(plan.passes[0]).toMatchObject({
      files: ["pkg/a.py", "pkg/b.py"],
      callers: [],
      callees: [],
      callers_total: 0,
      callees_total: 0,
    });
  });

  it("counts special-token text in a file as plain text", async () => {
    const plan = await planSourceTree(tree({ "tok/special.py": 'EOT = "<|endoftext|>"\n' }));
    expect(plan.passes[0]!.tokens).toBeGreaterThan(0);
  });

  it("counts ambiguous names as unresolved and keeps same-file calls out of the graph", async () => {
    const plan = await planSourceTree(
      tree({
        "a/one.py": "def validate():\n    pass\n",
        "b/two.py": "def validate():\n    pass\n",
        "c/three.py": "def local():\n    pass\n\ndef run():\n    local()\n    validate()\n",
      }),
    );
    expect(plan.call_graph).toMatchObject({
      calls: 2,
      same_file: 1,
      resolved_by_import: 0,
      resolved_by_name: 0,
      unresolved: 1,
    });
    expect(calleesOf(plan, "c/three.py")).toEqual([]);
    expect(callersOf(plan, "a/one.py")).toEqual([]);
  });

  it("prefers the imported definition over a unique-name guess and lists excluded files with reasons", async () => {
    const plan = await planSourceTree(
      tree({
        "src/a.ts": 'import { run } from "./b";\nrun();\n',
        "src/b.ts": "export function run() {}\n",
        "src/a.test.ts": 'import { run } from "./b";\nrun();\n',
        "tests/test_b.py": "def test_b():\n    pass\n",
        "node_modules/x/index.js": "function run() {}\n",
        "README.md": "# hi\n",
      }),
    );
    expect(plan.audited_files).toEqual(["src/a.ts", "src/b.ts"]);
    expect(plan.excluded).toEqual([
      { file: "node_modules/x/index.js", reason: "vendored dependency" },
      { file: "src/a.test.ts", reason: "test file" },
      { file: "tests/test_b.py", reason: "test directory" },
    ]);
    expect(plan.call_graph.resolved_by_import).toBe(1);
  });
});
