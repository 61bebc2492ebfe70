// Which labeller a bug-type comparison uses (the paper's F.7.3: "the same prompt to classify the taxonomy corpus and
// each evaluated configuration's findings", so Tables 20-21 and Figure 6 compare bugs labelled alike). A labeller is
// one classifier configuration: model + prompt hash (template, reply schema, endpoint) + taxonomy hash. A comparison
// never mixes configurations: the agents' side counts only the findings labelled by the chosen one, and the
// reference side shows that configuration's labels when it labelled every reference bug of the version, else the
// benchmark file's own labels, marked as the maintainers' (another labeller). Pure: no I/O.

export type Labeller = { model: string; promptHash: string; taxonomyHash: string };

/** A configuration found among the stored labels, with what it labelled in the comparison's pool and reference set. */
export type LabellerCandidate = Labeller & {
  /** Findings of the comparison's pool it labelled. */
  findings: number;
  /** Reference bugs of the version it labelled. */
  references: number;
};

type LabellerRule =
  | "requested"
  | "complete-configured"
  | "complete-most-findings"
  | "configured"
  | "most-findings"
  | "reference-only"
  | "none";

export type LabellerSelection = {
  /** Labels the agents' side, and the reference side too when `sameLabeller`; null when nothing is labelled. */
  labeller: Labeller | null;
  /** The reference side is labelled by `labeller` (it labelled every reference bug); else the benchmark's own labels. */
  sameLabeller: boolean;
  /** Why this one: the rule of `selectLabeller` that picked it. */
  rule: LabellerRule;
  /** Whether `labeller` is the configured classifier. */
  configured: boolean;
};

const HASH_PREFIX = 12;

/** A labeller's key for links and downloads: model~prompt-hash prefix~taxonomy-hash prefix (the model may hold `~`). */
export function labellerKey(l: Labeller): string {
  return `${l.model}~${l.promptHash.slice(0, HASH_PREFIX)}~${l.taxonomyHash.slice(0, HASH_PREFIX)}`;
}

export function sameLabeller(a: Labeller | null, b: Labeller | null): boolean {
  return (
    a !== null &&
    b !== null &&
    a.model === b.model &&
    a.promptHash === b.promptHash &&
    a.taxonomyHash === b.taxonomyHash
  );
}

/** The labeller in words: the model and its prompt's and taxonomy's hash prefixes. */
export function describeLabeller(l: Labeller): string {
  const prompt = l.promptHash ? `prompt ${l.promptHash.slice(0, 8)}` : "prompt not recorded";
  const taxonomy = l.taxonomyHash ? `taxonomy ${l.taxonomyHash.slice(0, 8)}` : "taxonomy not recorded";
  return `${l.model} (${prompt}, ${taxonomy})`;
}

/** A configuration labelled every reference bug of the version (a version without reference bugs has none to label). */
function labelsEveryReference(c: LabellerCandidate, referenceTotal: number): boolean {
  return referenceTotal > 0 && c.references >= referenceTotal;
}

/**
 * The labeller of one comparison. A `requested` key (the page's or API's `labeller`) picks that configuration.
 * Otherwise, among the configurations that labelled findings of the pool, the first by: (1) it labelled every
 * reference bug of the version (so both sides are labelled alike); (2) it is the configured classifier
 * (ATTRIBUTION_MODEL with the current prompt and endpoint); (3) it labelled the most findings of the pool; (4) its
 * key. With no configuration labelling findings of the pool: the configured classifier if it labelled every
 * reference bug, else any configuration that did (by key), else none. The reference side is the chosen
 * configuration's when it labelled every reference bug; otherwise the benchmark file's labels.
 */
export function selectLabeller(input: {
  candidates: LabellerCandidate[];
  referenceTotal: number;
  configured: Labeller | null;
  requested?: string | null;
}): LabellerSelection {
  const { candidates, referenceTotal, configured, requested } = input;
  const complete = (c: LabellerCandidate) => labelsEveryReference(c, referenceTotal);
  const isConfigured = (c: Labeller) => sameLabeller(c, configured);
  const pick = (c: LabellerCandidate, rule: LabellerRule): LabellerSelection => ({
    labeller: { model: c.model, promptHash: c.promptHash, taxonomyHash: c.taxonomyHash },
    sameLabeller: complete(c),
    rule,
    configured: isConfigured(c),
  });
  if (requested) {
    const found = candidates.find((c) => labellerKey(c) === requested);
    if (found) return pick(found, "requested");
    // A configuration that labelled nothing here: no labels on either side.
    return { labeller: null, sameLabeller: false, rule: "requested", configured: false };
  }
  const byKey = (a: LabellerCandidate, b: LabellerCandidate) => labellerKey(a).localeCompare(labellerKey(b));
  const ranked = candidates
    .filter((c) => c.findings > 0)
    .sort(
      (a, b) =>
        Number(complete(b)) - Number(complete(a)) ||
        Number(isConfigured(b)) - Number(isConfigured(a)) ||
        b.findings - a.findings ||
        byKey(a, b),
    );
  const best = ranked[0];
  if (best) {
    const rule: LabellerRule = complete(best)
      ? isConfigured(best)
        ? "complete-configured"
        : "complete-most-findings"
      : isConfigured(best)
        ? "configured"
        : "most-findings";
    return pick(best, rule);
  }
  const referenceOnly = candidates
    .filter(complete)
    .sort((a, b) => Number(isConfigured(b)) - Number(isConfigured(a)) || byKey(a, b))[0];
  if (referenceOnly) return pick(referenceOnly, "reference-only");
  return { labeller: null, sameLabeller: false, rule: "none", configured: false };
}

/** One side's labeller as pages and the API show it: a classifier configuration, or the benchmark file's labels. */
export type LabellerView = {
  kind: "classifier" | "benchmark";
  key: string;
  model: string | null;
  prompt_hash: string | null;
  taxonomy_hash: string | null;
  description: string;
};

export const MAINTAINERS_LABELS: LabellerView = {
  kind: "benchmark",
  key: "benchmark",
  model: null,
  prompt_hash: null,
  taxonomy_hash: null,
  description: "maintainers' labels (the benchmark file's categories; another labeller)",
};

function labellerView(l: Labeller): LabellerView {
  return {
    kind: "classifier",
    key: labellerKey(l),
    model: l.model,
    prompt_hash: l.promptHash,
    taxonomy_hash: l.taxonomyHash,
    description: `classifier ${describeLabeller(l)}`,
  };
}

/** A configuration a reader may pick for the comparison instead (the `labeller` query parameter). */
export type LabellerChoice = {
  key: string;
  description: string;
  findings: number;
  reference_bugs: number;
  every_reference: boolean;
  configured: boolean;
  chosen: boolean;
};

export type ComparisonLabellers = {
  agents: LabellerView | null;
  reference: LabellerView;
  sameLabeller: boolean;
  /** Which labeller each side used and, when they differ, what turns on the same-labeller comparison. */
  note: string;
  choices: LabellerChoice[];
};

const TURN_ON =
  "The same-labeller comparison turns on once one classifier configuration has labelled the findings and every reference bug of this version: the configured classifier labels the reference bugs by itself with the first attribution of a submission of this version, or when an admin starts it on the benchmark versions admin page.";

const WHY: Record<LabellerRule, string> = {
  requested: "chosen in the query",
  "complete-configured": "the configured classifier, which labelled every reference bug",
  "complete-most-findings":
    "of the configurations that labelled every reference bug, the one that labelled the most findings",
  configured: "the configured classifier",
  "most-findings": "the configuration that labelled the most findings",
  "reference-only": "the only labels: no finding of this pool is labelled by it yet",
  none: "no classifier has labelled anything here",
};

/** The labellers of one comparison, for pages and the API (pure). */
export function comparisonLabellers(
  selection: LabellerSelection,
  context: {
    candidates: LabellerCandidate[];
    referenceTotal: number;
    configured: Labeller | null;
    /** Why no classifier is configured (no LLM, no taxonomy), if so. */
    unavailable: string | null;
  },
): ComparisonLabellers {
  const { labeller, sameLabeller: same } = selection;
  const agents = labeller ? labellerView(labeller) : null;
  const chosen = labeller ? context.candidates.find((c) => sameLabeller(c, labeller)) : undefined;
  let note: string;
  if (labeller && same) {
    note = `Both sides are labelled by one classifier configuration, ${describeLabeller(labeller)} (${WHY[selection.rule]}): the reference bugs and the findings alike, as the paper's F.7.3 does.`;
  } else {
    const agentSide = labeller
      ? `Agents: findings labelled by ${describeLabeller(labeller)} (${WHY[selection.rule]}); it has labelled ${chosen?.references ?? 0} of ${context.referenceTotal} reference bugs.`
      : "No finding of this pool is labelled by a classifier yet.";
    note = [
      agentSide,
      "Maintainers: the benchmark file's own labels, from another labeller, so the two sides are not labelled alike.",
      context.unavailable ?? "",
      TURN_ON,
    ]
      .filter(Boolean)
      .join(" ");
  }
  const choices = context.candidates
    .map((c) => ({
      key: labellerKey(c),
      description: describeLabeller(c),
      findings: c.findings,
      reference_bugs: c.references,
      every_reference: labelsEveryReference(c, context.referenceTotal),
      configured: sameLabeller(c, context.configured),
      chosen: sameLabeller(c, labeller),
    }))
    .sort((a, b) => b.findings - a.findings || a.key.localeCompare(b.key));
  return { agents, reference: same && agents ? agents : MAINTAINERS_LABELS, sameLabeller: same, note, choices };
}
