// The synthetic full-scale benchmark of `npm run bench:score` (docs/scoring.md): 20 repositories, 2,457 reference bugs and
// 8,285 findings in one run, in the benchmark-file and findings-file formats, so it goes through the same
// validation and import code as real data. Deterministic for a given seed.
//
// Shape: the six repositories whose Table 6 row the paper lists keep their bug counts (1,418 bugs); the other 14
// share the remaining 1,039 unevenly. Five of those 14 are named in the paper or the blog post (data/probe-reported.json), the other
// nine are synthetic stand-ins. Findings are spread in proportion to reference bugs, which gives about two million
// within-repository pairs like the real benchmark. About one finding in eight re-describes a reference bug in other
// words (shifted lines, a partial snippet, or reported at a caller in another file); one in ten is a decoy in the
// same file and lines as a reference bug but of another kind; the rest are unrelated reports.
//
// Every title ends with a `[root:ID]` marker: the fake OpenAI judge (tests/support/fake-openai.ts) matches two
// reports exactly when their markers agree, so the expected matches are known. The marker sits in the title,
// which only the two embedding signals read.

import { benchmarkFileSchema, type BenchmarkFile } from "../../lib/validation/benchmark-file";
import { findingsFileSchema, type FindingsFile } from "../../lib/validation/findings-file";
import {
  decoyNear,
  modelRepository,
  paraphraseReference,
  randomContext,
  unrelatedFinding,
  withCodePath,
  writeCodePath,
  writeReferenceBug,
  type FindingRecord,
  type Reference,
  type RepoModel,
  type RepositorySpec,
} from "./bench-bugs";
import { createSeededRandom } from "../../lib/scoring/seeded-random";

const BENCH_REFERENCE_BUGS = 2457; // §2.2: reference bugs of PROBE
const BENCH_FINDINGS = 8285; // Table 1: findings of GPT-5.6 Sol (high), one run

// prettier-ignore
const REPOSITORIES: RepositorySpec[] = [
  { name: "tobymao/sqlglot", language: "python", domain: "SQL parsing", bugs: 512, files: 70, nouns: ["token", "dialect", "expression", "query", "column", "join", "literal", "schema", "identifier", "clause"] },
  { name: "prefecthq/prefect", language: "python", domain: "Workflow orchestration", bugs: 429, files: 420, nouns: ["flow", "task", "deployment", "worker", "schedule", "state", "block", "artifact", "result", "variable"] },
  { name: "py-pdf/pypdf", language: "python", domain: "PDF manipulation", bugs: 165, files: 52, nouns: ["page", "xref", "stream", "annotation", "font", "outline", "object", "filter", "trailer", "field"] },
  { name: "kozea/weasyprint", language: "python", domain: "HTML/CSS rendering", bugs: 115, files: 65, nouns: ["box", "style", "margin", "table", "image", "glyph", "line", "page", "counter", "selector"] },
  { name: "fonttools/fonttools", language: "python", domain: "Font tooling", bugs: 113, files: 308, nouns: ["glyph", "table", "contour", "kerning", "lookup", "cmap", "instance", "axis", "feature", "charstring"] },
  { name: "networkx/networkx", language: "python", domain: "Graph algorithms", bugs: 84, files: 283, nouns: ["graph", "node", "edge", "path", "matching", "weight", "component", "cycle", "flow", "layout"] },
  { name: "sveltejs/svelte", language: "javascript", domain: "UI compilation", nouns: ["component", "binding", "store", "slot", "directive", "transition", "effect", "template", "attribute", "fragment"] },
  { name: "harttle/liquidjs", language: "typescript", domain: "Template engine", nouns: ["template", "filter", "tag", "scope", "token", "partial", "context", "output", "drop", "range"] },
  { name: "python-jsonschema/jsonschema", language: "python", domain: "Schema validation", nouns: ["schema", "validator", "ref", "keyword", "format", "error", "instance", "resolver", "draft", "type"] },
  { name: "panva/jose", language: "typescript", domain: "JOSE and JWT", nouns: ["key", "token", "claim", "header", "signature", "jwk", "algorithm", "payload", "secret", "certificate"] },
  { name: "apache/echarts", language: "typescript", domain: "Charting", nouns: ["series", "axis", "legend", "tooltip", "label", "grid", "scale", "tick", "dataset", "visual"] },
  { name: "synthetic/yamlette", language: "python", domain: "YAML parsing", nouns: ["scalar", "anchor", "alias", "mapping", "sequence", "tag", "emitter", "indent", "document", "comment"] },
  { name: "synthetic/httpkit", language: "python", domain: "HTTP client", nouns: ["request", "response", "header", "cookie", "redirect", "proxy", "session", "timeout", "retry", "body"] },
  { name: "synthetic/mathparse", language: "python", domain: "Expression evaluation", nouns: ["operand", "operator", "term", "symbol", "matrix", "fraction", "precision", "unit", "function", "variable"] },
  { name: "synthetic/markwell", language: "javascript", domain: "Markdown rendering", nouns: ["block", "inline", "heading", "list", "link", "fence", "emphasis", "footnote", "table", "entity"] },
  { name: "synthetic/clipper", language: "javascript", domain: "CLI framework", nouns: ["command", "option", "argument", "flag", "alias", "prompt", "help", "parser", "env", "subcommand"] },
  { name: "synthetic/queuekit", language: "javascript", domain: "Job queue", nouns: ["job", "queue", "lock", "worker", "delay", "priority", "event", "attempt", "backoff", "repeat"] },
  { name: "synthetic/datewise", language: "typescript", domain: "Date handling", nouns: ["date", "duration", "locale", "calendar", "offset", "interval", "format", "week", "zone", "period"] },
  { name: "synthetic/pixelmeta", language: "typescript", domain: "Image metadata", nouns: ["exif", "segment", "marker", "thumbnail", "orientation", "profile", "chunk", "tag", "buffer", "entry"] },
  { name: "synthetic/sitegen", language: "typescript", domain: "Static site generation", nouns: ["page", "route", "asset", "layout", "collection", "slug", "plugin", "cache", "feed", "sitemap"] },
];

export type GeneratedBenchmark = {
  benchmark: BenchmarkFile;
  findings: FindingsFile;
  /** Reference ids each finding re-describes (the matches a perfect matcher finds), by "run index:finding ordinal". */
  planted: Map<string, string>;
};

export function generateBenchmark(
  options: { seed?: number; slug?: string; runs?: number; findingsPerRun?: number } = {},
): GeneratedBenchmark {
  if (options.runs !== undefined && options.runs > 1) return generateRepeatedRuns({ ...options, runs: options.runs });
  const random = createSeededRandom(options.seed ?? 20260101);
  const sizes = splitReferenceBugs(random);
  const repos = REPOSITORIES.map((spec) => modelRepository(spec, random));
  const references: Reference[] = [];
  const findings: FindingRecord[] = [];
  const planted = new Map<number, string>();
  let findingsLeft = options.findingsPerRun ?? BENCH_FINDINGS;
  repos.forEach((repo, r) => {
    const refs = Array.from({ length: sizes[r]! }, (_, i) =>
      writeReferenceBug(repo, `${repo.short}-${String(i + 1).padStart(4, "0")}`, random),
    );
    references.push(...refs);
    const isLast = r === repos.length - 1;
    const count = isLast
      ? findingsLeft
      : Math.round((sizes[r]! * (options.findingsPerRun ?? BENCH_FINDINGS)) / BENCH_REFERENCE_BUGS);
    findingsLeft -= count;
    for (let i = 0; i < count; i++) {
      const ordinal = findings.length;
      const roll = random();
      const source = refs[Math.floor(random() * refs.length)]!;
      if (roll < 0.125) {
        findings.push(paraphraseReference(repo, source, random));
        planted.set(ordinal, source.id);
      } else if (roll < 0.225) {
        findings.push(decoyNear(repo, source, `f${ordinal}`, random));
      } else {
        findings.push(unrelatedFinding(repo, `f${ordinal}`, random));
      }
    }
  });
  return {
    ...syntheticFiles(options.slug, repos, references, "high", { findings }),
    planted: new Map([...planted].map(([ordinal, id]) => [`0:${ordinal}`, id])),
  };
}

// Repeated runs (§4.3, §E.2): each repository has a pool of latent findings with stable report probabilities, a core
// reported by most runs and a long tail reported rarely (about 60% of a run's findings recur in another run, as the
// paper measures). A run reports each latent finding with its probability, in its own wording (shifted lines, the
// caller it was seen from, a suggested fix), so cross-run duplicates have different texts but one `[root:ID]` marker.
const CORE_SHARE = 0.2;
const CORE_PROBABILITY = 0.8;
const TAIL_PROBABILITY = 0.1;

function generateRepeatedRuns(options: {
  seed?: number;
  slug?: string;
  runs: number;
  findingsPerRun?: number;
}): GeneratedBenchmark {
  const random = createSeededRandom(options.seed ?? 20260101);
  const sizes = splitReferenceBugs(random);
  const repos = REPOSITORIES.map((spec) => modelRepository(spec, random));
  const perRun = options.findingsPerRun ?? BENCH_FINDINGS;
  const references: Reference[] = [];
  const runs: FindingRecord[][] = Array.from({ length: options.runs }, () => []);
  const planted = new Map<string, string>();
  const meanProbability = CORE_SHARE * CORE_PROBABILITY + (1 - CORE_SHARE) * TAIL_PROBABILITY;
  repos.forEach((repo, r) => {
    const refs = Array.from({ length: sizes[r]! }, (_, i) =>
      writeReferenceBug(repo, `${repo.short}-${String(i + 1).padStart(4, "0")}`, random),
    );
    references.push(...refs);
    const latentCount = Math.round((sizes[r]! * perRun) / BENCH_REFERENCE_BUGS / meanProbability);
    for (let l = 0; l < latentCount; l++) {
      const root = `${repo.short}-l${l}`;
      const roll = random();
      const source = refs[Math.floor(random() * refs.length)]!;
      // A re-described reference bug keeps its wording (its signals against the reference are the point); any other
      // report names the code path it was found on, so unrelated reports stop sharing most of their words.
      const base =
        roll < 0.125
          ? paraphraseReference(repo, source, random)
          : withCodePath(
              repo,
              roll < 0.225
                ? decoyNear(repo, source, root, random, writeCodePath)
                : unrelatedFinding(repo, root, random, writeCodePath),
              random,
            );
      const probability = random() < CORE_SHARE ? CORE_PROBABILITY : TAIL_PROBABILITY;
      for (let run = 0; run < options.runs; run++) {
        if (random() >= probability) continue;
        const shift = Math.floor(random() * 5) - 2;
        const context = randomContext(repo, random);
        const variant: FindingRecord = {
          ...base,
          line_start: Math.max(1, base.line_start + shift),
          line_end: Math.max(1, base.line_end + shift),
          description: `${base.description} Seen from ${context.caller}.`,
          suggested_fix: `Fix ${context.fn} so the ${context.field} is handled.`,
        };
        if (roll < 0.125) planted.set(`${run}:${runs[run]!.length}`, source.id);
        runs[run]!.push(variant);
      }
    }
  });
  const files = syntheticFiles(options.slug, repos, references, "medium", {
    runs: runs.map((findings) => ({ findings })),
  });
  return { ...files, planted };
}

/**
 * The benchmark file of generated repositories and reference bugs (the generator's own fields dropped), and the
 * synthetic finder's findings file on it: one run's findings or several runs.
 */
function syntheticFiles(
  slugOption: string | undefined,
  repos: RepoModel[],
  references: Reference[],
  reasoningEffort: "high" | "medium",
  found: { findings: FindingRecord[] } | { runs: { findings: FindingRecord[] }[] },
): { benchmark: BenchmarkFile; findings: FindingsFile } {
  const slug = slugOption ?? "probe-bench";
  const benchmark = benchmarkFileSchema.parse({
    slug,
    name: "PROBE-sized synthetic benchmark",
    version: "bench-1",
    snapshot_date: "2025-01-01",
    description: "Generated by scripts/bench-score.ts: synthetic text, real shape (Table 6 sizes where known).",
    repositories: repos.map((r) => ({ name: r.name, language: r.language, domain: r.domain })),
    reference_bugs: references.map(({ kindIndex: _k, context: _c, around: _a, ...bug }) => bug),
  });
  const findings = findingsFileSchema.parse({
    benchmark: `${slug}@bench-1`,
    model: "Synthetic finder",
    reasoning_effort: reasoningEffort,
    harness: "bench",
    ...found,
  });
  return { benchmark, findings };
}

/** Table 6 sizes for the six known repositories; the other 14 share the rest unevenly (0.5x to 1.5x the mean). */
function splitReferenceBugs(random: () => number): number[] {
  const known = REPOSITORIES.filter((r) => r.bugs !== undefined).reduce((sum, r) => sum + r.bugs!, 0);
  const unknown = REPOSITORIES.filter((r) => r.bugs === undefined);
  const weights = unknown.map(() => 0.5 + random());
  const total = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((w) => Math.floor(((BENCH_REFERENCE_BUGS - known) * w) / total));
  let rest = BENCH_REFERENCE_BUGS - known - shares.reduce((a, b) => a + b, 0);
  for (let i = 0; rest > 0; i = (i + 1) % shares.length, rest--) shares[i]! += 1;
  let next = 0;
  return REPOSITORIES.map((r) => r.bugs ?? shares[next++]!);
}
