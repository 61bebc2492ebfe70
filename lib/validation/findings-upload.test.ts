import { describe, expect, it } from "vitest";
import {
  applyMetadata,
  metadataFromFile,
  parseFindingsText,
  validateAgainstBenchmarks,
  validateFindings,
  validateMetadata,
  type MetadataForm,
} from "./findings-upload";

// The browser's check of a findings file before upload: the server's own schema and JSON rules, so the submit page
// lists every problem by path before anything is sent.
const finding = (repo: string) => ({ repo, file: "a.py", line_start: 3, line_end: 4, title: "t", description: "d" });
const form = (patch: Partial<MetadataForm> = {}): MetadataForm => ({
  model: "m",
  reasoning_effort: "",
  harness: "",
  cost_usd: "",
  report_url: "",
  open_model: "",
  organisation: "",
  model_licence: "",
  parameter_count: "",
  ...patch,
});

describe("parseFindingsText", () => {
  it("names malformed JSON by line and column, and refuses a non-object", () => {
    const bad = parseFindingsText('{\n  "benchmark": "probe",\n  "model": }');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.message).toMatch(/line 3/);
    expect(parseFindingsText("[1, 2]")).toMatchObject({ ok: false, issues: [{ path: "(root)" }] });
    expect(parseFindingsText('{"benchmark": "probe"}')).toEqual({ ok: true, document: { benchmark: "probe" } });
  });
});

describe("metadata and findings checks", () => {
  it("round-trips the file's metadata through the form, and an emptied field removes it", () => {
    const doc = { benchmark: "probe", model: "m", cost_usd: 1.5, open_model: true, findings: [] };
    expect(metadataFromFile(doc)).toMatchObject({ model: "m", cost_usd: "1.5", open_model: "open" });
    expect(applyMetadata(doc, form({ model: "other", cost_usd: "" }))).toEqual({
      benchmark: "probe",
      model: "other",
      findings: [],
    });
  });

  it("takes the model metadata as the CLI does (70B), names what is wrong in the API's words", () => {
    const doc = { benchmark: "probe", model: "m", parameter_count: 8030000000, findings: [] };
    expect(metadataFromFile(doc)).toMatchObject({ parameter_count: "8030000000", organisation: "" });
    const filled = form({ organisation: " Meta ", model_licence: "llama3.1", parameter_count: "70B" });
    expect(validateMetadata(filled)).toEqual([]);
    expect(applyMetadata(doc, filled)).toMatchObject({
      organisation: "Meta",
      model_licence: "llama3.1",
      parameter_count: 70_000_000_000,
    });
    const issues = validateMetadata(form({ model_licence: "Apache 2.0", parameter_count: "seventy" }));
    expect(Object.fromEntries(issues.map((i) => [i.path, i.message]))).toEqual({
      model_licence: expect.stringMatching(/^must be a licence identifier such as apache-2.0/),
      parameter_count: "must be a count such as 70000000000, 70B or 1.5T",
    });
  });

  it("lists every bad finding by path, and metadata problems apart", () => {
    const doc = { benchmark: "probe", findings: [finding("o/a"), { ...finding("o/a"), line_end: 1 }, { repo: "o/a" }] };
    const paths = validateFindings(doc, form()).map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(["findings[1].line_end", "findings[2].file", "findings[2].title"]));
    expect(paths.every((p) => p.startsWith("findings["))).toBe(true);
    expect(
      validateMetadata(form({ model: "", cost_usd: "-1", report_url: "ftp://x" }))
        .map((i) => i.path)
        .sort(),
    ).toEqual(["cost_usd", "model", "report_url"]);
  });

  it("checks the benchmark and repositories against the listed versions; a bare slug is the newest", () => {
    const benchmarks = [
      { slug: "probe", version: "2", repositories: ["o/a"] },
      { slug: "probe", version: "1", repositories: ["o/a", "o/old"] },
    ];
    expect(validateAgainstBenchmarks({ benchmark: "probe", findings: [finding("o/old")] }, benchmarks)).toEqual([
      { path: "findings[0].repo", message: 'unknown repository "o/old" in benchmark probe@2' },
    ]);
    expect(
      validateAgainstBenchmarks({ benchmark: "probe@1", runs: [{ findings: [finding("o/old")] }] }, benchmarks),
    ).toEqual([]);
    expect(validateAgainstBenchmarks({ benchmark: "nope" }, benchmarks)).toEqual([
      { path: "benchmark", message: 'unknown benchmark "nope"' },
    ]);
  });
});
