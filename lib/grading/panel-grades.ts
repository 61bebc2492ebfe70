import { proportion } from "./binary-quality";
import type { Proportion } from "../contracts/common";

// A person's blind grades against the panel's verdicts (§C.3, Table 15): rows are the grader's verdict (confirmed /
// rejected / unsure), columns the panel's (confirmed / rejected / abstained). Agreement and both confirm rates are
// taken on the findings both judged conclusively, as the paper reports them (131 of 180: 93% agreement, the grader
// confirms 79% against the panel's 85%).

export const GRADES = ["confirmed", "rejected", "unsure"] as const;
export type Grade = (typeof GRADES)[number];
export const PANEL_VERDICTS = ["confirmed", "rejected", "abstained"] as const;
export type PanelVerdict = (typeof PANEL_VERDICTS)[number];

/** counts[grade][panel verdict] */
export type CrossTable = Record<Grade, Record<PanelVerdict, number>>;

export type PanelAgreement = {
  table: CrossTable;
  /** Findings with both a grade and a panel verdict. */
  graded: number;
  /** Both conclusive: the grader confirmed or rejected, and so did the panel. */
  conclusive: number;
  agreement: Proportion;
  graderConfirmRate: Proportion;
  panelConfirmRate: Proportion;
};

export function emptyCrossTable(): CrossTable {
  const row = () => ({ confirmed: 0, rejected: 0, abstained: 0 });
  return { confirmed: row(), rejected: row(), unsure: row() };
}

export function crossTabulate(pairs: readonly { grade: Grade; panel: PanelVerdict }[]): CrossTable {
  const table = emptyCrossTable();
  for (const { grade, panel } of pairs) table[grade][panel]++;
  return table;
}

/** Adds tables cell by cell (pooling submissions of one benchmark version). */
export function addCrossTables(tables: readonly CrossTable[]): CrossTable {
  const out = emptyCrossTable();
  for (const t of tables) for (const g of GRADES) for (const v of PANEL_VERDICTS) out[g][v] += t[g][v];
  return out;
}

export function panelAgreement(table: CrossTable): PanelAgreement {
  const cc = table.confirmed.confirmed;
  const cr = table.confirmed.rejected;
  const rc = table.rejected.confirmed;
  const rr = table.rejected.rejected;
  const conclusive = cc + cr + rc + rr;
  const graded = GRADES.reduce((s, g) => s + PANEL_VERDICTS.reduce((t, v) => t + table[g][v], 0), 0);
  return {
    table,
    graded,
    conclusive,
    agreement: proportion(cc + rr, conclusive),
    graderConfirmRate: proportion(cc + cr, conclusive),
    panelConfirmRate: proportion(cc + rc, conclusive),
  };
}
