// The build's model calls and their cost, estimated from the window's commit count before the first model stage
// (the paper's sizes: 13,254 commits, 4,296 bug-fix commits, 4,763 candidates, 3,345 anchored, 2,501 present, Table
// 1). Later counts are unknown until the stages run, so the paper's ratios stand in for them.
const PAPER = { commits: 13_254, fixes: 4_296, candidates: 4_763, anchored: 3_345, present: 2_501 };

// Tokens per call: the prompt's own text plus what each stage reads (a diff cut to its budget, the snapshot's file).
// A presence check is an agent session: about six turns, each sending the transcript so far (the files it read). A
// false-positive audit is one too, with more checks to make (F.3.1: the temporal test, an identifier search, the
// pinned lines, a realizable input): about eight turns.
const TOKENS = {
  classify: { input: 1_200, output: 120 },
  extract: { input: 1_500, output: 250 },
  presence: { input: 30_000, output: 1_500 },
  synthesize: { input: 2_500, output: 400 },
  dedup: { input: 1_200, output: 100 },
  audit: { input: 45_000, output: 2_000 },
} as const;
// Deduplication judges the prefilter's pairs; the prefilter keeps a few per bug within a repository.
const DEDUP_PAIRS_PER_BUG = 2;

export type BuildEstimate = {
  commits: number;
  classifier_calls: number;
  extractor_calls: number;
  presence_calls: number;
  synthesis_calls: number;
  dedup_calls: number;
  audit_calls: number;
  cost_usd: number;
};

/**
 * Calls per stage for `commits` commits in the window, and their cost at `price(input, output)` dollars per call.
 * `diffTokens` is the classifier's and extractor's diff budget in tokens.
 */
export function estimateBuild(
  commits: number,
  diffTokens: number,
  price: (inputTokens: number, outputTokens: number) => number,
): BuildEstimate {
  const fixes = Math.ceil((commits * PAPER.fixes) / PAPER.commits);
  const candidates = Math.ceil((fixes * PAPER.candidates) / PAPER.fixes);
  const anchored = Math.ceil((candidates * PAPER.anchored) / PAPER.candidates);
  const present = Math.ceil((anchored * PAPER.present) / PAPER.anchored);
  const calls = {
    classify: commits,
    extract: fixes,
    presence: anchored,
    synthesize: present,
    dedup: present * DEDUP_PAIRS_PER_BUG,
    audit: present,
  };
  let cost = 0;
  for (const [stage, n] of Object.entries(calls) as [keyof typeof TOKENS, number][]) {
    const t = TOKENS[stage];
    const input = t.input + (stage === "classify" || stage === "extract" ? diffTokens : 0);
    cost += n * price(input, t.output);
  }
  return {
    commits,
    classifier_calls: calls.classify,
    extractor_calls: calls.extract,
    presence_calls: calls.presence,
    synthesis_calls: calls.synthesize,
    dedup_calls: calls.dedup,
    audit_calls: calls.audit,
    cost_usd: Math.round(cost * 100) / 100,
  };
}
