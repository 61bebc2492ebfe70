// Which of a person's labels, grades or marks count: the last one written before they saw what was hidden (the
// judge's verdict, the panel's, other auditors' marks). Pure; shared by the figures and the candidate-judge trials.

/** The label, grade or mark each person wrote last before `until` (their blind one), by person. */
export function lastBlind<T extends { by: string; createdAt: Date; afterReveal: boolean }>(
  rows: readonly T[],
): Map<string, T> {
  const out = new Map<string, T>();
  for (const row of [...rows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
    if (row.afterReveal) continue;
    out.set(row.by, row);
  }
  return out;
}
