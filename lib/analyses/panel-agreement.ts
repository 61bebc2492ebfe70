// §4.2, §C.3, Table 15: how the panel's verdicts agree with a blind human grader. The matrix crosses the author's
// verdict (confirmed, rejected, unsure) with the panel's (confirmed, rejected, abstained); agreement and both
// validities are taken over the findings where both reached a conclusive verdict. Pure and browser-safe.

export const AUTHOR_VERDICTS = ["confirmed", "rejected", "unsure"] as const;
export const PANEL_VERDICT_COLUMNS = ["confirmed", "rejected", "abstained"] as const;

/** counts[author][panel], in the orders above. */
export type AgreementMatrix = readonly (readonly number[])[];

export type PanelAgreement = {
  total: number;
  /** Both the grader and the panel confirmed or rejected. */
  bothConclusive: number;
  /** Same conclusive verdict, over bothConclusive. */
  agreement: number | null;
  /** Confirmed share of the conclusive pairs, by the grader and by the panel. */
  graderValidity: number | null;
  panelValidity: number | null;
  /** Conclusive disagreements: the panel confirmed what the grader rejected, and the reverse. */
  panelLenient: number;
  panelStrict: number;
};

export function summarisePanelAgreement(counts: AgreementMatrix): PanelAgreement {
  const at = (author: number, panel: number) => counts[author]?.[panel] ?? 0;
  const total = counts.reduce((s, row) => s + row.reduce((t, n) => t + n, 0), 0);
  const [cc, cr, rc, rr] = [at(0, 0), at(0, 1), at(1, 0), at(1, 1)];
  const both = cc + cr + rc + rr;
  const share = (n: number) => (both > 0 ? n / both : null);
  return {
    total,
    bothConclusive: both,
    agreement: share(cc + rr),
    graderValidity: share(cc + cr),
    panelValidity: share(cc + rc),
    panelLenient: rc,
    panelStrict: cr,
  };
}
