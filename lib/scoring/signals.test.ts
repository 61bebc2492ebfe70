import { describe, expect, it } from "vitest";
import { normalisePath } from "../validation/safe-text";
import { computeIdf, cosine, lineJaccard, pathKeys, weightedJaccard } from "./signals";

const at = (file: string, lineStart: number, lineEnd: number) => ({ file, lineStart, lineEnd });

describe("lineJaccard", () => {
  it("is |A ∩ B| / |A ∪ B| over inclusive line ranges", () => {
    // [10, 19] and [15, 24]: 5 shared lines out of 10 + 10 - 5 = 15.
    expect(lineJaccard(at("a.py", 10, 19), at("a.py", 15, 24))).toBeCloseTo(1 / 3, 12);
    expect(lineJaccard(at("a.py", 7, 7), at("a.py", 7, 7))).toBe(1);
    // One line inside 100: 0.01, below the 0.02 threshold of Table 10.
    expect(lineJaccard(at("a.py", 5, 5), at("a.py", 1, 100))).toBe(0.01);
  });

  it("is 0 for disjoint ranges and for different files", () => {
    expect(lineJaccard(at("a.py", 1, 10), at("a.py", 11, 20))).toBe(0);
    expect(lineJaccard(at("a.py", 1, 10), at("b.py", 1, 10))).toBe(0);
  });

  it("compares normalised paths", () => {
    expect(normalisePath("./src/a.py")).toBe("src/a.py");
    expect(normalisePath("/src/a.py")).toBe("src/a.py");
    expect(normalisePath(".//src\\a.py")).toBe("src/a.py");
    expect(lineJaccard(at("./src/a.py", 1, 4), at("/src/a.py", 3, 4))).toBe(0.5);
  });

  it("drops checkout prefixes agents print before comparing files", () => {
    const repo = "tobymao/sqlglot";
    expect(normalisePath("/workspace/sqlglot/sqlglot/parser.py", repo)).toBe("sqlglot/parser.py");
    expect(normalisePath("/workspace/tobymao/sqlglot/sqlglot/parser.py", repo)).toBe("sqlglot/parser.py");
    expect(normalisePath("tobymao/sqlglot/sqlglot/parser.py", repo)).toBe("sqlglot/parser.py");
    expect(normalisePath("./sqlglot/parser.py", repo)).toBe("sqlglot/parser.py");
    // The sandbox's mount of the checkout, with or without the repository; a relative `repo/` is a real directory.
    expect(normalisePath("/repo/sqlglot/parser.py", repo)).toBe("sqlglot/parser.py");
    expect(normalisePath("/repo/src/a.py")).toBe("src/a.py");
    expect(normalisePath("repo/src/a.py")).toBe("repo/src/a.py");
    expect(
      lineJaccard(
        { file: "/repo/src/a.py", lineStart: 1, lineEnd: 4 },
        { file: "src/a.py", lineStart: 3, lineEnd: 6 },
        "acme/a",
      ),
    ).toBeCloseTo(2 / 6, 12);
    // `<name>/x` may be the checkout directory or a real directory: both spellings are compared.
    expect(pathKeys("sqlglot/sqlglot/parser.py", repo)).toEqual(["sqlglot/sqlglot/parser.py", "sqlglot/parser.py"]);
    const reference = at("sqlglot/parser.py", 10, 19);
    for (const spelled of [
      "./sqlglot/parser.py",
      "/workspace/sqlglot/sqlglot/parser.py",
      "sqlglot/sqlglot/parser.py",
      "tobymao/sqlglot/sqlglot/parser.py",
    ]) {
      expect(lineJaccard(at(spelled, 10, 19), reference, repo), spelled).toBe(1);
    }
    expect(lineJaccard(at("other/parser.py", 10, 19), reference, repo)).toBe(0);
  });

  it("reads a reversed range as the same lines", () => {
    expect(lineJaccard(at("a.py", 19, 10), at("a.py", 15, 24))).toBeCloseTo(1 / 3, 12);
  });
});

describe("cosine", () => {
  it("is the normalised dot product", () => {
    expect(cosine(new Float32Array([1, 0]), new Float32Array([1, 1]))).toBeCloseTo(Math.SQRT1_2, 6);
    expect(cosine(new Float32Array([2, 0]), new Float32Array([-3, 0]))).toBe(-1);
  });

  it("is 0 with a zero vector and throws on different lengths", () => {
    expect(cosine(new Float32Array([0, 0]), new Float32Array([1, 1]))).toBe(0);
    expect(() => cosine(new Float32Array(2), new Float32Array(3))).toThrow();
  });
});

describe("computeIdf and weightedJaccard", () => {
  // N = 3 documents; df(a) = 2, df(b) = 1, df(c) = 1 (repeated in one document, counted once).
  const idf = computeIdf([["a", "b"], ["a"], ["c", "c"]]);
  const idfA = Math.log(4 / 3) + 1; // ln((3 + 1) / (2 + 1)) + 1 = 1.2877
  const idfRare = Math.log(2) + 1; // ln((3 + 1) / (1 + 1)) + 1 = 1.6931

  it("uses ln((N + 1) / (df + 1)) + 1", () => {
    expect(idf.get("a")).toBeCloseTo(idfA, 12);
    expect(idf.get("b")).toBeCloseTo(idfRare, 12);
    expect(idf.get("c")).toBeCloseTo(idfRare, 12);
  });

  it("weighs the intersection against the union", () => {
    // {a, b} vs {a, c}: idf(a) / (idf(a) + idf(b) + idf(c)) = 1.2877 / 4.6740
    expect(weightedJaccard(["a", "b"], ["a", "c"], idf)).toBeCloseTo(idfA / (idfA + 2 * idfRare), 12);
    expect(weightedJaccard(["a", "b"], ["a", "c"], idf)).toBeCloseTo(0.2755, 4);
    expect(weightedJaccard(["a", "b", "b"], ["b", "a"], idf)).toBe(1);
  });

  it("is 0 for empty sets and gives unknown terms weight 1", () => {
    expect(weightedJaccard([], [], idf)).toBe(0);
    expect(weightedJaccard(["a"], ["a", "zzz"], idf)).toBeCloseTo(idfA / (idfA + 1), 12);
  });
});
