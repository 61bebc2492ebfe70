// A benchmark-sized workload for buildCandidatePairs, for bench scripts (no timing asserts in tests:
// CI machines vary). The shape mirrors the paper: 20 repositories, 2,457 reference bugs (the six largest
// repositories sized as in Table 12) and 8,285 findings (GPT-5.6 Sol, high, in Table 1), 384-dim
// embeddings like all-MiniLM-L6-v2. Documents are synthetic but code-like: Zipf-distributed identifiers
// per repository, shared keywords, ranges in a repository's files, and some findings planted as
// near-duplicates of reference bugs, so that every signal fires on some pairs.

import { buildCandidatePairs } from "./prefilter";
import type { BugText } from "./types";
import { createSeededRandom } from "./seeded-random";

export type PrefilterPerfProbeResult = {
  repositories: number;
  referenceBugs: number;
  findings: number;
  comparedPairs: number;
  keptPairs: number;
  keptShare: number;
  /** Wall time of buildCandidatePairs alone (tokenizing included, data generation excluded). */
  milliseconds: number;
};

// Table 12: bug counts of the six largest repositories; the other 14 share the rest of the 2,457.
const LARGEST_REPOSITORY_SIZES = [512, 429, 165, 115, 113, 84];
const DIMS = 384;
const COMMON_WORDS = ["self", "return", "if", "none", "def", "value", "data", "result", "for", "in", "not", "len", "str", "is"];
const ENGLISH = "the when with is not a of to an returns wrong value because missing check handle error raises instead".split(" ");

export type PrefilterPerfProbeOptions = {
  referenceBugs?: number;
  findings?: number;
  /** 20 (the default) shapes repositories as in the paper; any other count splits evenly. */
  repositories?: number;
  seed?: number;
};

export function runPrefilterPerfProbe(options: PrefilterPerfProbeOptions = {}): PrefilterPerfProbeResult {
  const referenceTotal = options.referenceBugs ?? 2457;
  const findingTotal = options.findings ?? 8285;
  const random = createSeededRandom(options.seed ?? 42);
  const referenceSizes = splitSizes(referenceTotal, options.repositories ?? 20);
  const left: BugText[] = [];
  const right: BugText[] = [];
  const fullText = new Map<string, Float32Array>();
  const description = new Map<string, Float32Array>();

  let findingsLeft = findingTotal;
  referenceSizes.forEach((referenceCount, r) => {
    // Findings in proportion to reference bugs (largest repository: 512 x ~1,700); the last takes the rest.
    const isLast = r === referenceSizes.length - 1;
    const findingCount = isLast ? findingsLeft : Math.round((referenceCount * findingTotal) / referenceTotal);
    findingsLeft -= findingCount;
    const repo = createRepositoryModel(`repo-${r}`, Math.max(4, Math.round(referenceCount / 2)), random);
    const references: { bug: BugText; topic: Float32Array }[] = [];
    for (let i = 0; i < referenceCount; i++) {
      const generated = generateDoc(repo, `${repo.name}-ref-${i}`, random);
      references.push(generated);
      left.push(generated.bug);
      addEmbeddings(generated.bug.id, generated.topic, repo.vector, random, fullText, description);
    }
    for (let i = 0; i < findingCount; i++) {
      const id = `${repo.name}-finding-${i}`;
      // About one finding in ten re-describes a reference bug, as true matches do.
      const source = random() < 0.1 ? references[Math.floor(random() * references.length)] : undefined;
      const generated = source ? paraphraseDoc(source.bug, source.topic, id, repo, random) : generateDoc(repo, id, random);
      right.push(generated.bug);
      addEmbeddings(id, generated.topic, repo.vector, random, fullText, description);
    }
  });

  const started = performance.now();
  const result = buildCandidatePairs({ left, right, embeddings: { fullText, description } });
  const milliseconds = performance.now() - started;
  return {
    repositories: referenceSizes.length,
    referenceBugs: left.length,
    findings: right.length,
    comparedPairs: result.comparedPairs,
    keptPairs: result.pairs.length,
    keptShare: result.comparedPairs > 0 ? result.pairs.length / result.comparedPairs : 0,
    milliseconds,
  };
}

function splitSizes(total: number, repositories: number): number[] {
  if (repositories !== 20) return splitEvenly(total, repositories);
  const scale = total / 2457;
  const largest = LARGEST_REPOSITORY_SIZES.map((size) => Math.max(1, Math.round(size * scale)));
  const rest = Math.max(0, total - largest.reduce((a, b) => a + b, 0));
  return [...largest, ...splitEvenly(rest, 14)];
}

function splitEvenly(total: number, parts: number): number[] {
  return Array.from({ length: parts }, (_, i) => Math.floor(total / parts) + (i < total % parts ? 1 : 0));
}

type RepositoryModel = { name: string; vocabulary: string[]; files: { path: string; lines: number; topic: Float32Array }[]; vector: Float32Array };

function createRepositoryModel(name: string, fileCount: number, random: () => number): RepositoryModel {
  const vocabulary = Array.from({ length: 3000 }, (_, i) => `${name.replace("-", "")}_${i.toString(36)}`);
  const files = Array.from({ length: fileCount }, (_, i) => ({
    path: `src/module_${i}.py`,
    lines: 200 + Math.floor(random() * 2000),
    topic: randomUnitVector(random),
  }));
  return { name, vocabulary, files, vector: randomUnitVector(random) };
}

function generateDoc(repo: RepositoryModel, id: string, random: () => number) {
  const file = repo.files[Math.floor(repo.files.length * random() ** 2)]!;
  const lineStart = 1 + Math.floor(random() * file.lines);
  const pick = () => (random() < 0.3 ? COMMON_WORDS[Math.floor(random() * COMMON_WORDS.length)]! : repo.vocabulary[Math.floor(repo.vocabulary.length * random() ** 3)]!);
  const lines = Array.from({ length: 4 + Math.floor(random() * 16) }, () => `    ${pick()} = ${pick()}.${pick()}(${pick()}, ${pick()})`);
  const words = Array.from({ length: 20 + Math.floor(random() * 30) }, () => (random() < 0.7 ? ENGLISH[Math.floor(random() * ENGLISH.length)]! : pick()));
  const bug: BugText = {
    id,
    repo: repo.name,
    file: file.path,
    lineStart,
    lineEnd: lineStart + Math.floor(random() * 30),
    title: words.slice(0, 8).join(" "),
    description: words.join(" "),
    codeSnippet: lines.join("\n"),
  };
  return { bug, topic: mixVectors(file.topic, randomUnitVector(random), 0.6) };
}

function paraphraseDoc(source: BugText, topic: Float32Array, id: string, repo: RepositoryModel, random: () => number) {
  const other = generateDoc(repo, id, random).bug;
  const bug: BugText = {
    ...source,
    id,
    lineStart: source.lineStart + Math.floor(random() * 5),
    lineEnd: source.lineEnd + Math.floor(random() * 10),
    description: `${source.description} ${other.description.slice(0, 80)}`,
    codeSnippet: random() < 0.5 ? source.codeSnippet : other.codeSnippet,
  };
  return { bug, topic: mixVectors(topic, randomUnitVector(random), 0.5) };
}

function addEmbeddings(id: string, topic: Float32Array, repoVector: Float32Array, random: () => number, fullText: Map<string, Float32Array>, description: Map<string, Float32Array>): void {
  // Same-repository texts sit closer than random ones, like sentence embeddings of one codebase.
  const base = mixVectors(repoVector, topic, 0.7);
  fullText.set(id, mixVectors(base, randomUnitVector(random), 0.3));
  description.set(id, mixVectors(base, randomUnitVector(random), 0.35));
}

function mixVectors(a: Float32Array, b: Float32Array, weightOfB: number): Float32Array {
  const out = new Float32Array(a.length);
  for (let k = 0; k < a.length; k++) out[k] = (1 - weightOfB) * a[k]! + weightOfB * b[k]!;
  return normalize(out);
}

function randomUnitVector(random: () => number): Float32Array {
  const vector = new Float32Array(DIMS);
  for (let k = 0; k < DIMS; k++) vector[k] = random() - 0.5;
  return normalize(vector);
}

function normalize(vector: Float32Array): Float32Array {
  let squared = 0;
  for (const x of vector) squared += x * x;
  const scale = squared > 0 ? 1 / Math.sqrt(squared) : 0;
  for (let k = 0; k < vector.length; k++) vector[k] = vector[k]! * scale;
  return vector;
}

