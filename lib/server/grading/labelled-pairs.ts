import { db } from "../../db";
import { BUG_TEXT_SELECT } from "../../db-selects";

const TEXT = { select: { ...BUG_TEXT_SELECT, repository: { select: { name: true } } } } as const;

/** The version's labelled pairs, with both texts and every label (a judge trial asks the judges about them). */
export function listLabelledPairs(benchmarkId: string) {
  return db.labelPair.findMany({
    where: { benchmarkId, labels: { some: {} } },
    orderBy: [{ kind: "asc" }, { position: "asc" }],
    select: {
      leftHash: true,
      rightHash: true,
      leftFinding: TEXT,
      rightFinding: TEXT,
      referenceBug: TEXT,
      labels: { select: { labelerId: true, label: true, afterReveal: true, createdAt: true } },
    },
  });
}
