import { describe, expect, it } from "vitest";
import { buildCandidatePairs } from "./prefilter";
import { computeIdf, cosine, lineJaccard, weightedJaccard } from "./signals";
import { PAPER_THRESHOLDS } from "./thresholds";
import { calledNames, identifierTokens, snippetTokens } from "./tokenize";
import type { BugText, Thresholds } from "./types";

function bug(id: string, fields: Partial<BugText> = {}): BugText {
  return {
    id,
    repo: "r",
    file: "src/a.py",
    lineStart: 1,
    lineEnd: 1,
    title: "",
    description: "",
    codeSnippet: "",
    ...fields,
  };
}

const vectors = (entries: [string, number[]][]) => new Map(entries.map(([id, v]) => [id, new Float32Array(v)]));
const noEmbeddings = { fullText: new Map<string, Float32Array>(), description: new Map<string, Float32Array>() };
const NEVER: Thresholds = {
  lineOverlap: 2,
  fullTextEmbedding: 2,
  descriptionEmbedding: 2,
  snippetTokens: 2,
  identifiers: 2,
  apiCalls: 2,
};

describe("buildCandidatePairs", () => {
  // Hand-computed: repository "r" has 3 documents (L1, R1, R2), so N = 3 for its IDF.
  // Snippet tokens: L1 {bar, foo}, R1 {baz, foo}, R2 {quux, qux}; idf(foo) = ln(4/3) + 1 = 1.2877,
  // the others ln(2) + 1 = 1.6931. L1-R1 snippet: 1.2877 / (1.2877 + 2 x 1.6931) = 0.2755 (< 0.60).
  // Identifiers: L1 {alpha, bar, foo}, R1 {alpha, baz, foo}: 2 x 1.2877 / (2 x 1.2877 + 2 x 1.6931) = 0.4320.
  // API calls: {foo} vs {foo} = 1. Lines: [10, 19] vs [15, 24] = 5 / 15.
  // Embeddings: full text [1, 0] vs [0.6, 0.8] = 0.6 (< 0.65); description [1, 0] vs [1, 1] = 0.7071.
  const left = [
    bug("L1", { file: "src/a.py", lineStart: 10, lineEnd: 19, description: "alpha", codeSnippet: "foo(bar)" }),
  ];
  const right = [
    bug("R1", { file: "./src/a.py", lineStart: 15, lineEnd: 24, description: "alpha", codeSnippet: "foo(baz)" }),
    bug("R2", { file: "src/b.py", lineStart: 10, lineEnd: 19, description: "omega", codeSnippet: "qux(quux)" }),
    // Another repository: never compared, and its words must not enter repository r's IDF.
    bug("X1", { repo: "other", description: "alpha", codeSnippet: "foo(bar) foo(bar)" }),
  ];
  const embeddings = {
    fullText: vectors([
      ["L1", [1, 0]],
      ["R1", [0.6, 0.8]],
      ["R2", [0, 1]],
      ["X1", [1, 0]],
    ]),
    description: vectors([
      ["L1", [1, 0]],
      ["R1", [1, 1]],
      ["R2", [0, 1]],
      ["X1", [1, 0]],
    ]),
  };

  it("keeps a pair when any signal reaches its threshold, with all six values", () => {
    const { pairs, comparedPairs } = buildCandidatePairs({ left, right, embeddings });
    expect(comparedPairs).toBe(2);
    expect(pairs).toHaveLength(1);
    const [pair] = pairs;
    expect(pair?.leftId).toBe("L1");
    expect(pair?.rightId).toBe("R1");
    const idfFoo = Math.log(4 / 3) + 1;
    const idfRare = Math.log(2) + 1;
    expect(pair?.signals.lineOverlap).toBeCloseTo(1 / 3, 12);
    expect(pair?.signals.fullTextEmbedding).toBeCloseTo(0.6, 6);
    expect(pair?.signals.descriptionEmbedding).toBeCloseTo(Math.SQRT1_2, 6);
    expect(pair?.signals.snippetTokens).toBeCloseTo(idfFoo / (idfFoo + 2 * idfRare), 12);
    expect(pair?.signals.identifiers).toBeCloseTo((2 * idfFoo) / (2 * idfFoo + 2 * idfRare), 12);
    expect(pair?.signals.apiCalls).toBe(1);
    expect(pair?.triggered).toEqual(["lineOverlap", "descriptionEmbedding", "identifiers", "apiCalls"]);
  });

  it("keeps a value exactly at its threshold (>=)", () => {
    // [1, 50] vs [1, 1]: 1 / 50 = 0.02, the line-overlap threshold of Table 10.
    const result = buildCandidatePairs({
      left: [bug("L", { lineStart: 1, lineEnd: 50 })],
      right: [bug("R", { lineStart: 1, lineEnd: 1 })],
      embeddings: noEmbeddings,
      thresholds: { ...NEVER, lineOverlap: PAPER_THRESHOLDS.lineOverlap },
    });
    expect(result.pairs.map((p) => p.triggered)).toEqual([["lineOverlap"]]);
  });

  it("treats a missing embedding as cosine 0 and compares nothing across repositories", () => {
    const result = buildCandidatePairs({
      left: [bug("L", { repo: "r1", file: "a.py" })],
      right: [bug("R", { repo: "r2", file: "a.py" }), bug("S", { repo: "r1", file: "b.py" })],
      embeddings: { fullText: vectors([["L", [1, 0]]]), description: new Map() },
    });
    expect(result).toEqual({ pairs: [], comparedPairs: 1 });
  });

  it("matches the reference signal definitions on every pair (odd sizes exercise the blocked loops)", () => {
    const words = ["self", "parse", "header", "node", "x", "value", "read", "write", "offset", "len"];
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const pick = () => words[Math.floor(random() * words.length)]!;
    const makeDoc = (id: string): BugText =>
      bug(id, {
        file: random() < 0.5 ? "a.py" : "b.py",
        lineStart: 1 + Math.floor(random() * 20),
        lineEnd: 10 + Math.floor(random() * 20),
        description: `${pick()} ${pick()} is wrong`,
        codeSnippet: `${pick()}.${pick()}(${pick()}) + ${pick()}(${pick()})`,
      });
    const lefts = Array.from({ length: 5 }, (_, i) => makeDoc(`l${i}`));
    const rights = Array.from({ length: 7 }, (_, i) => makeDoc(`r${i}`));
    const randomVectors = (docs: BugText[]) =>
      new Map(docs.map((d) => [d.id, Float32Array.from({ length: 6 }, () => random() - 0.3)]));
    const all = [...lefts, ...rights];
    const embeddingsOf = { fullText: randomVectors(all), description: randomVectors(all) };
    // Leave one embedding out: its cosines must be 0.
    embeddingsOf.description.delete("r3");
    const everything: Thresholds = { ...NEVER, lineOverlap: 0 };
    const { pairs, comparedPairs } = buildCandidatePairs({
      left: lefts,
      right: rights,
      embeddings: embeddingsOf,
      thresholds: everything,
    });
    expect(comparedPairs).toBe(35);
    expect(pairs).toHaveLength(35);

    const idfSnippet = computeIdf(all.map((d) => snippetTokens(d.codeSnippet)));
    const idfIdentifiers = computeIdf(all.map((d) => identifierTokens(d.description, d.codeSnippet)));
    const idfApi = computeIdf(all.map((d) => calledNames(d.codeSnippet)));
    const byId = new Map(all.map((d) => [d.id, d]));
    const cosineOf = (map: Map<string, Float32Array>, a: string, b: string) => {
      const x = map.get(a);
      const y = map.get(b);
      return x && y ? cosine(x, y) : 0;
    };
    for (const pair of pairs) {
      const a = byId.get(pair.leftId)!;
      const b = byId.get(pair.rightId)!;
      expect(pair.signals.lineOverlap).toBeCloseTo(lineJaccard(a, b), 12);
      expect(pair.signals.fullTextEmbedding).toBeCloseTo(cosineOf(embeddingsOf.fullText, a.id, b.id), 5);
      expect(pair.signals.descriptionEmbedding).toBeCloseTo(cosineOf(embeddingsOf.description, a.id, b.id), 5);
      expect(pair.signals.snippetTokens).toBeCloseTo(
        weightedJaccard(snippetTokens(a.codeSnippet), snippetTokens(b.codeSnippet), idfSnippet),
        12,
      );
      expect(pair.signals.identifiers).toBeCloseTo(
        weightedJaccard(
          identifierTokens(a.description, a.codeSnippet),
          identifierTokens(b.description, b.codeSnippet),
          idfIdentifiers,
        ),
        12,
      );
      expect(pair.signals.apiCalls).toBeCloseTo(
        weightedJaccard(calledNames(a.codeSnippet), calledNames(b.codeSnippet), idfApi),
        12,
      );
    }
  });

  it("throws when embeddings of one map have different dimensions", () => {
    expect(() =>
      buildCandidatePairs({
        left: [bug("L")],
        right: [bug("R")],
        embeddings: {
          fullText: vectors([
            ["L", [1, 0]],
            ["R", [1, 0, 0]],
          ]),
          description: new Map(),
        },
      }),
    ).toThrow(/dimensions/);
  });
});

describe("buildCandidatePairs within one run (no right side)", () => {
  // Hand-computed: three documents of repository r, each counted once, so N = 3.
  // Snippet tokens: D1 {bar, foo}, D2 {bar, foo}, D3 {baz, qux}; idf(foo) = idf(bar) = ln(4/3) + 1 = 1.2877,
  // idf(baz) = idf(qux) = ln(4/2) + 1 = 1.6931. D1-D2 snippet Jaccard = 1 (kept); D1-D3 and D2-D3 share nothing.
  // Counting each document twice (left and right) would give N = 6 and idf(foo) = ln(7/5) + 1 instead.
  const docs = [
    bug("D1", { file: "src/a.py", lineStart: 1, lineEnd: 2, codeSnippet: "foo bar" }),
    bug("D2", { file: "src/b.py", lineStart: 1, lineEnd: 2, codeSnippet: "bar foo" }),
    bug("D3", { file: "src/c.py", lineStart: 1, lineEnd: 2, codeSnippet: "baz qux" }),
  ];

  it("compares each unordered pair of distinct documents once, never a document with itself", () => {
    const { pairs, comparedPairs } = buildCandidatePairs({ left: docs, embeddings: noEmbeddings });
    expect(comparedPairs).toBe(3);
    expect(pairs.map((p) => [p.leftId, p.rightId])).toEqual([["D1", "D2"]]);
    expect(pairs[0]!.signals.snippetTokens).toBeCloseTo(1, 12);
  });

  it("counts each document once in the IDF", () => {
    // D1 {foo, bar} vs D4 {foo, zed}: idf over N = 4 documents (D1, D2, D3, D4) with df(foo) = 3, df(bar) = 2,
    // df(zed) = 1: foo = ln(5/4) + 1, bar = ln(5/3) + 1, zed = ln(5/2) + 1.
    const withD4 = [...docs, bug("D4", { file: "src/d.py", codeSnippet: "foo zed" })];
    const keepAll: Thresholds = { ...NEVER, snippetTokens: 0 };
    const { pairs } = buildCandidatePairs({ left: withD4, embeddings: noEmbeddings, thresholds: keepAll });
    const pair = pairs.find((p) => p.leftId === "D1" && p.rightId === "D4")!;
    const foo = Math.log(5 / 4) + 1;
    const bar = Math.log(5 / 3) + 1;
    const zed = Math.log(5 / 2) + 1;
    expect(pair.signals.snippetTokens).toBeCloseTo(foo / (foo + bar + zed), 12);
    expect(pairs).toHaveLength(6);
  });
});
