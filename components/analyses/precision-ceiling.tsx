import { count, pct } from "@/lib/format";
import { extrapolatedPrecision, precisionCeiling, type HorizonPool } from "@/lib/analyses/paper-figures";

// §2.2 and §4.3 under Table 9 on the datasheet: the precision a perfect finder of the bugs fixed within 5 or 10 years
// would score on the reference set (reference bugs over each pool), and a precision of 7% extrapolated to the
// ten-year pools (the paper's "around 7%" to 21-27%), from the computed horizons and, for a transcribed version, the
// published ones (lib/analyses/paper-figures.ts).

type Horizons = { family: string; five_years: number | null; ten_years: number | null }[];

function pools(horizons: Horizons): HorizonPool[] {
  return horizons.flatMap((h) => [
    ...(h.five_years !== null ? [{ family: h.family, years: 5, bugs: h.five_years }] : []),
    ...(h.ten_years !== null ? [{ family: h.family, years: 10, bugs: h.ten_years }] : []),
  ]);
}

/** The paper's "around 7%": the historical precision it extrapolates. */
const PAPER_PRECISION = 0.07;

function Line({ label, referenceBugs, horizons }: { label: string; referenceBugs: number; horizons: Horizons }) {
  const all = pools(horizons);
  const ceiling = precisionCeiling(referenceBugs, all);
  if (!ceiling) return null;
  const ten = all.filter((p) => p.years === 10).map((p) => p.bugs);
  const pool = (p: HorizonPool) => `${count(Math.round(p.bugs))}, ${p.family} at ${p.years} years`;
  return (
    <li>
      {label}: {count(referenceBugs)} reference bugs are {pct(ceiling.low, 0)}% ({pool(ceiling.lowPool)}) to{" "}
      {pct(ceiling.high, 0)}% ({pool(ceiling.highPool)}) of the bugs fixed within those horizons: a perfect finder of
      them would score that precision here.
      {ten.length > 0 &&
        ` A precision of 7% extrapolated to the ten-year pools: ${pct(extrapolatedPrecision(PAPER_PRECISION, referenceBugs, Math.min(...ten)), 0)}% to ${pct(extrapolatedPrecision(PAPER_PRECISION, referenceBugs, Math.max(...ten)), 0)}%.`}
    </li>
  );
}

export function PrecisionCeilingNote({
  computed,
  reported,
}: {
  computed: { referenceBugs: number; horizons: Horizons } | null;
  reported: { referenceBugs: number; horizons: Horizons } | null;
}) {
  if (!computed && !reported) return null;
  return (
    <>
      <p className="small" data-testid="precision-ceiling">
        The precision ceiling (§2.2) and its extrapolation (§4.3): findings that match bugs fixed after the reference
        window count as unmatched, so even a perfect finder scores reference bugs / pool. With no preference for
        earlier- or later-fixed bugs, a precision p would grow to p x pool / reference bugs. The paper: 26-47%, and
        about 7% becoming 21-27%.
      </p>
      <ul className="small">
        {computed && <Line label="Computed" {...computed} />}
        {reported && <Line label="Published" {...reported} />}
      </ul>
    </>
  );
}
