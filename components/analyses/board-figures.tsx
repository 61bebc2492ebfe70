import { DASH, pValueText } from "@/lib/format";
import { ColumnTable, numericColumns } from "@/components/ui/column-table";
import type { BoardFigures } from "@/lib/analyses/paper-figures";

// The paper's single-number comparisons over a version's board (lib/analyses/paper-figures.ts): §4.1's Pearson r
// between recall and findings under the leaderboard, §C.2's Spearman ρ and Kendall's W on the repositories page, each
// beside the paper's value. Computed over the full harness on the whole benchmark (Table 3's kind of entry).

const fixed = (v: number | null | undefined) => (v === null || v === undefined ? DASH : v.toFixed(2));

/** §4.1 under the leaderboard: does recall track the number of findings? */
export function RecallFindingsNote({ figures }: { figures: BoardFigures }) {
  const { r, n } = figures.recallFindings;
  return (
    <p className="muted small" data-testid="recall-findings">
      Recall against reported findings over the {n} full-harness entries on the whole benchmark with both: Pearson r ={" "}
      {fixed(r)} (the paper, §4.1: 0.94 across its configurations).
    </p>
  );
}

/** §C.2 on the repositories page: bug count against recall, and how alike the entries rank the repositories. */
export function RepositoryAgreementSection({ figures }: { figures: BoardFigures }) {
  const { bugsRecall, recallConcordance: recall, precisionConcordance: precision } = figures;
  const repos = figures.concordanceRepositories.length;
  const rows: [string, string, string, string][] = [
    ["Spearman ρ: reference bugs against mean recall", fixed(bugsRecall.rho), `${bugsRecall.n} repositories`, "-0.27"],
    [
      "Kendall's W: repositories ranked by recall",
      fixed(recall?.w),
      recall ? `${recall.raters} entries x ${repos} repositories, ${pValueText(recall.p)}` : DASH,
      "0.75",
    ],
    [
      "Kendall's W: repositories ranked by precision",
      fixed(precision?.w),
      precision ? `${precision.raters} entries x ${repos} repositories, ${pValueText(precision.p)}` : DASH,
      "0.92",
    ],
  ];
  return (
    <>
      <h2 id="rank-agreement">Do entries rank the repositories alike? (§C.2)</h2>
      <p className="muted small">
        Over the full-harness entries on the whole benchmark: whether a repository&apos;s number of reference bugs
        explains its mean recall (Spearman&apos;s ρ, ties at mean ranks), and how consistently the entries rank the
        repositories they all have cells for (Kendall&apos;s W with the tie correction, 0 to 1; p from Friedman&apos;s
        χ²). Reported rows count with the cells they publish.
      </p>
      <ColumnTable
        caption="Bug count against recall, and the concordance of the entries' repository rankings, beside the paper"
        columns={["Figure", ...numericColumns("Here", "Over", "The paper")]}
      >
        {rows.map(([label, value, over, paper]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td className="num">{value}</td>
            <td className="num">{over}</td>
            <td className="num">{paper}</td>
          </tr>
        ))}
      </ColumnTable>
    </>
  );
}
