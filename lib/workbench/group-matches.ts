// The matches answer of one run (docs/workbench.md), from stored rows: per repository, each matched reference bug with the
// findings that matched it and who decided, the reference bugs no finding matched, and the findings that matched
// nothing. Pure: the server loads rows, this shapes them.

type DecidedBy = "judge" | "maintainer";

export type RepositoryMatches = {
  repo: string;
  matched: {
    reference_bug_id: string;
    finding_ids: string[];
    decided_by: DecidedBy;
    pairs: { finding_id: string; decided_by: DecidedBy }[];
  }[];
  unmatched_reference_bug_ids: string[];
  unmatched_finding_ids: string[];
};

type Item = { key: string; id: string; repo: string };

/**
 * `findings` and `references` are listed in the order to show (file order / reference id); `matches` use their keys.
 * A reference bug counts as decided by a maintainer when any of its pairs was (an override added or kept it).
 */
export function groupMatches(input: {
  repos: readonly string[];
  findings: readonly Item[];
  references: readonly Item[];
  matches: readonly { findingKey: string; referenceKey: string; source: string }[];
}): RepositoryMatches[] {
  const findingByKey = new Map(input.findings.map((f) => [f.key, f]));
  const pairsOfRef = new Map<string, { finding_id: string; decided_by: DecidedBy }[]>();
  const matchedFindings = new Set<string>();
  for (const m of input.matches) {
    const finding = findingByKey.get(m.findingKey);
    if (!finding) continue;
    matchedFindings.add(m.findingKey);
    const list = pairsOfRef.get(m.referenceKey) ?? [];
    list.push({ finding_id: finding.id, decided_by: m.source === "override" ? "maintainer" : "judge" });
    pairsOfRef.set(m.referenceKey, list);
  }
  return input.repos.map((repo) => {
    const out: RepositoryMatches = { repo, matched: [], unmatched_reference_bug_ids: [], unmatched_finding_ids: [] };
    for (const ref of input.references) {
      if (ref.repo !== repo) continue;
      const pairs = pairsOfRef.get(ref.key);
      if (!pairs) {
        out.unmatched_reference_bug_ids.push(ref.id);
        continue;
      }
      out.matched.push({
        reference_bug_id: ref.id,
        finding_ids: pairs.map((p) => p.finding_id),
        decided_by: pairs.some((p) => p.decided_by === "maintainer") ? "maintainer" : "judge",
        pairs,
      });
    }
    for (const f of input.findings)
      if (f.repo === repo && !matchedFindings.has(f.key)) out.unmatched_finding_ids.push(f.id);
    return out;
  });
}
