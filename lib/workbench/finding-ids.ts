// Finding ids as the workbench shows them (docs/workbench.md): the id from the uploaded file when the finding had one, else a
// stable one made from its place in the file, `r<run>-<index>` (0-based run and position in that run's findings).
// Positions never change once stored (Finding.ordinal), so the same finding always gets the same id.

const GENERATED = /^r(\d{1,3})-(\d{1,6})$/;

/** The id a finding is shown and addressed by. */
export function findingPublicId(finding: { externalId: string | null; ordinal: number }, runIndex: number): string {
  return finding.externalId ?? `r${runIndex}-${finding.ordinal}`;
}

/** The run and position a generated id names, or null when the text is not of that form. */
export function parseGeneratedFindingId(id: string): { run: number; ordinal: number } | null {
  const match = GENERATED.exec(id);
  return match ? { run: Number(match[1]), ordinal: Number(match[2]) } : null;
}
