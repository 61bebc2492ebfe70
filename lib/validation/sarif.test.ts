import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { looksLikeSarif, parseSarifText, parseSarifTextYielding, sarifToFindingsFile } from "./sarif";
import { fillPlaceholders, repositoryFromUri, severityFromScore } from "./sarif-results";

const QUERY = { benchmark: "probe@2026.1" };

function log(runs: unknown[]) {
  return { version: "2.1.0", $schema: "https://json.schemastore.org/sarif-2.1.0.json", runs };
}

const semgrepRun = {
  tool: {
    driver: {
      name: "Semgrep",
      semanticVersion: "1.90.0",
      rules: [
        {
          id: "py.sqli",
          shortDescription: { text: "SQL injection" },
          help: { text: "Use parameters." },
          properties: { "security-severity": "9.1" },
        },
        { id: "py.style", shortDescription: { text: "Style" }, defaultConfiguration: { level: "note" } },
      ],
    },
  },
  versionControlProvenance: [{ repositoryUri: "https://github.com/acme/widgets.git" }],
  originalUriBaseIds: { SRCROOT: { uri: "file:///home/runner/work/widgets/" } },
  results: [
    {
      ruleId: "py.sqli",
      ruleIndex: 0,
      level: "error",
      message: { text: "Query built from {0}\nsecond line", arguments: ["user input"] },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: "src/db%20layer/q.py", uriBaseId: "SRCROOT" },
            region: { startLine: 10, endLine: 12, snippet: { text: "cur.execute(q)" } },
          },
        },
      ],
      fixes: [{ description: { text: "Pass the value as a parameter" } }],
    },
    {
      ruleId: "py.style",
      message: { text: "Long line" },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: "file:///home/runner/work/widgets/./app.py" },
            region: { startLine: 3 },
          },
        },
      ],
    },
    { ruleId: "py.style", message: { text: "No location" } },
  ],
};

describe("SARIF to findings", () => {
  it("maps rule, message, first physical location, snippet, level and fixes; skips results without a location", () => {
    const { file, skippedWithoutLocation } = sarifToFindingsFile(log([semgrepRun]), QUERY);
    expect(skippedWithoutLocation).toBe(1);
    expect(file.benchmark).toBe("probe@2026.1");
    expect(file.model).toBe("Semgrep 1.90.0");
    expect(file.findings).toEqual([
      {
        repo: "acme/widgets",
        file: "src/db layer/q.py",
        line_start: 10,
        line_end: 12,
        title: "py.sqli: Query built from user input",
        description: "Query built from user input\nsecond line\n\nSQL injection\n\nUse parameters.",
        code_snippet: "cur.execute(q)",
        // security-severity 9.1 -> critical (outranks level "error" -> high)
        severity: "critical",
        suggested_fix: "Pass the value as a parameter",
      },
      // The rule's default level "note" -> low; a file:// URI under the base is made relative; endLine defaults to startLine
      {
        repo: "acme/widgets",
        file: "app.py",
        line_start: 3,
        line_end: 3,
        title: "py.style: Long line",
        description: "Long line\n\nStyle",
        severity: "low",
      },
    ]);
  });

  it("takes the repository from originalUriBaseIds or the repo parameter when there is no provenance", () => {
    const run = {
      tool: { driver: { name: "T" } },
      results: [
        {
          message: { text: "m" },
          locations: [{ physicalLocation: { artifactLocation: { uri: "a.c", uriBaseId: "ROOT" } } }],
        },
      ],
    };
    const viaBase = sarifToFindingsFile(
      log([{ ...run, originalUriBaseIds: { ROOT: { uri: "https://github.com/o/n/" } } }]),
      QUERY,
    );
    expect(viaBase.file.findings![0]).toMatchObject({
      repo: "o/n",
      file: "a.c",
      line_start: 1,
      line_end: 1,
      title: "result: m",
      severity: "medium",
    });
    expect(sarifToFindingsFile(log([run]), { ...QUERY, repo: "x/y" }).file.findings![0]!.repo).toBe("x/y");
    // A known repository named in the checkout path
    const checkout = { ...run, originalUriBaseIds: { ROOT: { uri: "file:///workspace/o/n/" } } };
    expect(sarifToFindingsFile(log([checkout]), QUERY, { repositories: ["o/n", "p/q"] }).file.findings![0]!.repo).toBe(
      "o/n",
    );
    expect(() => sarifToFindingsFile(log([run]), QUERY)).toThrow(AppError);
    try {
      sarifToFindingsFile(log([run]), QUERY);
    } catch (error) {
      expect((error as AppError).issues[0]).toEqual({
        path: "runs[0].results[0].locations[0].physicalLocation.artifactLocation",
        message: expect.stringContaining("repo=owner/name"),
      });
    }
  });

  it("joins one tool's runs over different repositories into one run, and a repeat into the next run", () => {
    const runOf = (repo: string) => ({
      tool: { driver: { name: "T" } },
      versionControlProvenance: [{ repositoryUri: `https://github.com/${repo}` }],
      results: [
        {
          message: { text: repo },
          locations: [{ physicalLocation: { artifactLocation: { uri: "f.py" }, region: { startLine: 1 } } }],
        },
      ],
    });
    const joined = sarifToFindingsFile(log([runOf("a/a"), runOf("b/b")]), QUERY).file;
    expect(joined.findings).toHaveLength(2);
    expect(joined.runs).toBeUndefined();
    const repeated = sarifToFindingsFile(log([runOf("a/a"), runOf("b/b"), runOf("a/a"), runOf("b/b")]), QUERY).file;
    expect(repeated.findings).toBeUndefined();
    expect(repeated.runs!.map((r) => r.findings.map((f) => f.repo))).toEqual([
      ["a/a", "b/b"],
      ["a/a", "b/b"],
    ]);
  });

  it("refuses malformed logs with every problem by SARIF path", () => {
    const bad = (value: unknown, query = QUERY) => {
      try {
        sarifToFindingsFile(value, query);
      } catch (error) {
        return (error as AppError).issues;
      }
      throw new Error("accepted");
    };
    expect(bad({ version: "2.0.0", runs: [] })).toEqual(
      expect.arrayContaining([
        { path: "version", message: 'must be "2.1.0" (SARIF 2.1.0)' },
        { path: "runs", message: "must contain at least one run" },
      ]),
    );
    expect(
      bad(
        log([
          {
            tool: { driver: { name: "T" } },
            results: [
              {
                message: {},
                locations: [{ physicalLocation: { artifactLocation: { uri: "f" }, region: { startLine: 0 } } }],
              },
            ],
          },
        ]),
      )[0]!.path,
    ).toBe("runs[0].results[0].locations[0].physicalLocation.region.startLine");
    expect(bad(log([semgrepRun]), {} as typeof QUERY)).toEqual([expect.objectContaining({ path: "benchmark" })]);
    expect(bad(log([semgrepRun, { ...semgrepRun, tool: { driver: { name: "CodeQL" } } }]))[0]).toMatchObject({
      path: "runs",
      message: expect.stringContaining("2 tools"),
    });
    // A finding the findings-file rules refuse is named by its result: an empty message and no rule text -> the label is the title
    const emptyRepo = bad(
      log([
        {
          tool: { driver: { name: "T" } },
          results: [
            { message: { text: "x" }, locations: [{ physicalLocation: { artifactLocation: { uri: "   " } } }] },
          ],
        },
      ]),
      { ...QUERY, repo: "o/n" } as typeof QUERY,
    );
    expect(emptyRepo[0]!.path).toBe("runs[0].results[0]");
    expect(emptyRepo[0]!.message).toMatch(/^file: /);
  });

  it("converts the same on the server's yielding path, problems named by the same SARIF paths", async () => {
    const text = JSON.stringify(log([semgrepRun]));
    expect(await parseSarifTextYielding(text, QUERY, { repositories: ["acme/parser"] })).toEqual(
      parseSarifText(text, QUERY, { repositories: ["acme/parser"] }),
    );
    const emptyUri = JSON.stringify(
      log([
        {
          tool: { driver: { name: "T" } },
          results: [
            { message: { text: "x" }, locations: [{ physicalLocation: { artifactLocation: { uri: "   " } } }] },
          ],
        },
      ]),
    );
    const query = { ...QUERY, repo: "o/n" } as typeof QUERY;
    const refused = await parseSarifTextYielding(emptyUri, query).catch((error: AppError) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).issues[0]!.path).toBe("runs[0].results[0]");
  });

  it("bounds the text before parsing it like a findings upload", () => {
    expect(() => parseSarifText("{", QUERY)).toThrow(/not valid JSON/);
    const many = JSON.stringify(log(Array.from({ length: 51 }, () => ({ tool: { driver: { name: "T" } } }))));
    expect(() => parseSarifText(many, QUERY)).toThrow(AppError);
  });

  it("reads repository URLs and security-severity bands", () => {
    expect(repositoryFromUri("https://github.com/acme/widgets.git")).toBe("acme/widgets");
    expect(repositoryFromUri("git@github.com:acme/widgets.git")).toBe("acme/widgets");
    expect(repositoryFromUri("file:///src/x")).toBeNull();
    expect([9, 7, 4, 3.9].map(severityFromScore)).toEqual(["critical", "high", "medium", "low"]);
  });
});

describe("SARIF bounds and paths", () => {
  const issuesOf = (run: unknown, query: typeof QUERY & Record<string, string> = QUERY, context = {}) => {
    try {
      sarifToFindingsFile(log([run]), query, context);
    } catch (error) {
      return (error as AppError).issues;
    }
    return [];
  };
  const result = (uri: string, message: unknown = { text: "x" }) => ({
    ruleId: "r",
    message,
    locations: [{ physicalLocation: { artifactLocation: { uri }, region: { startLine: 3 } } }],
  });

  it("fills placeholders only up to the description limit, and names the result that would pass it", () => {
    expect(fillPlaceholders("a {0} b {1} {2}", ["x", "y"], 100)).toBe("a x b y {2}");
    expect(fillPlaceholders("{0}".repeat(50_000), ["y".repeat(5_000)], 20_000)).toBeNull();
    const started = performance.now();
    const issues = issuesOf(
      {
        tool: { driver: { name: "T" } },
        results: [result("a.py"), result("a.py", { text: "{0}".repeat(50_000), arguments: ["y".repeat(5_000)] })],
      },
      { ...QUERY, repo: "o/n" },
    );
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(issues).toEqual([{ path: "runs[0].results[1].message", message: expect.stringContaining("20000") }]);
    // A rule's help copied into every finding counts against the text budget
    const bigRule = { tool: { driver: { name: "T", rules: [{ id: "r", help: { text: "h".repeat(20_000) } }] } } };
    const budget = issuesOf(
      { ...bigRule, results: Array.from({ length: 10 }, () => result("a.py")) },
      { ...QUERY, repo: "o/n" },
      { maxTextChars: 100_000 },
    );
    expect(budget[0]).toMatchObject({ path: "runs[0].results[4]", message: expect.stringContaining("100000") });
  });

  it("answers a malformed percent-encoding with the JSON path that holds it", () => {
    const provenance = issuesOf({
      tool: { driver: { name: "T" } },
      versionControlProvenance: [{ repositoryUri: "https://github.com/%E0%A4%A/x" }],
      results: [result("a.py")],
    });
    expect(provenance).toEqual([
      { path: "runs[0].versionControlProvenance[0].repositoryUri", message: expect.stringContaining("valid URI") },
    ]);
    const artifact = issuesOf(
      { tool: { driver: { name: "T" } }, results: [result("src/%E0%A4%A.py")] },
      {
        ...QUERY,
        repo: "o/n",
      },
    );
    expect(artifact).toEqual([
      {
        path: "runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri",
        message: expect.stringContaining("valid URI"),
      },
    ]);
  });

  it("refuses files that climb out of the repository and bidi controls, by result", () => {
    const issues = issuesOf(
      {
        tool: { driver: { name: "T" } },
        results: [result("../../etc/passwd"), result("%2e%2e/x"), result("ok.py", { text: "a\u202Eb" })],
      },
      { ...QUERY, repo: "o/n" },
    );
    expect(issues.map((i) => `${i.path} ${i.message.split(":")[0]}`)).toEqual([
      "runs[0].results[0] file",
      "runs[0].results[1] file",
      "runs[0].results[2] title",
      "runs[0].results[2] description",
    ]);
  });

  it("maps absolute file:// paths to the repository's files by the longest suffix, or by a source root", () => {
    const run = {
      tool: { driver: { name: "ESLint" } },
      results: [
        result("file:///tmp/ci/checkout/flowq/lib/queue.js"),
        result("file:///tmp/ci/checkout/flowq/lib/store/memory-store.js"),
        result("file:///tmp/ci/checkout/flowq/lib/new-file.js"),
        { ruleId: "r", message: { text: "no location" } },
      ],
    };
    const files = { "demo/flowq": ["lib/queue.js", "queue.js", "lib/store/memory-store.js"] };
    // No repo given: the repository is the one whose files the paths end with
    const mapped = sarifToFindingsFile(log([run]), QUERY, { repositories: ["demo/flowq", "demo/x"], files });
    expect(mapped.file.findings!.map((f) => [f.repo, f.file])).toEqual([
      ["demo/flowq", "lib/queue.js"],
      ["demo/flowq", "lib/store/memory-store.js"],
      ["demo/flowq", "lib/new-file.js"],
    ]);
    expect([mapped.mapped, mapped.unmapped, mapped.skippedWithoutLocation]).toEqual([2, 1, 1]);
    // Without files: the source root, else what follows the repository's name
    const rooted = sarifToFindingsFile(log([run]), {
      ...QUERY,
      repo: "demo/flowq",
      source_root: "/tmp/ci/checkout/flowq/",
    });
    expect(rooted.file.findings!.map((f) => f.file)).toEqual([
      "lib/queue.js",
      "lib/store/memory-store.js",
      "lib/new-file.js",
    ]);
    const byName = sarifToFindingsFile(log([run]), { ...QUERY, repo: "demo/flowq" });
    expect(byName.file.findings![0]!.file).toBe("lib/queue.js");
  });

  it("tells a SARIF log from a findings file by its content", () => {
    expect(looksLikeSarif(log([semgrepRun]))).toBe(true);
    expect(looksLikeSarif({ version: "2.1.0", runs: [{ tool: {} }] })).toBe(true);
    expect(looksLikeSarif({ benchmark: "b", model: "m", findings: [] })).toBe(false);
  });
});
