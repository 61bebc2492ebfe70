import type { Calendar } from "../contracts/datasheet";

// Figure 10: the calendar density of the bug-fixing commits. Top: each month's share of all fix commits of the
// reference window, against uniform activity (1 / months). Bottom: each repository's monthly shares, normalised
// within the repository so its row sums to 100%. Months are UTC calendar months. Pure.

/** The YYYY-MM months from the month of `start` up to the month before `end` (the window's end is exclusive). */
export function windowMonths(start: string, end: string): string[] {
  const months: string[] = [];
  let year = Number(start.slice(0, 4));
  let month = Number(start.slice(5, 7));
  const last = end.slice(8, 10) === "01" ? previousMonth(end.slice(0, 7)) : end.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, "0")}`;
    if (key > last) break;
    months.push(key);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

function previousMonth(key: string): string {
  const year = Number(key.slice(0, 4));
  const month = Number(key.slice(5, 7));
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, "0")}`;
}

/** Calendar months between two dates (YYYY-MM-DD), days as a fraction of 30: 2025-01-01 to 2026-07-01 is 18. */
export function monthsBetween(start: string, end: string): number {
  const part = (d: string, from: number, to: number) => Number(d.slice(from, to));
  return (
    (part(end, 0, 4) - part(start, 0, 4)) * 12 +
    (part(end, 5, 7) - part(start, 5, 7)) +
    (part(end, 8, 10) - part(start, 8, 10)) / 30
  );
}

export function fixCalendar(
  months: readonly string[],
  repositories: readonly { repo: string; dates: readonly string[] }[],
): Calendar {
  const index = new Map(months.map((m, i) => [m, i]));
  const total = new Array<number>(months.length).fill(0);
  let outside = 0;
  const rows = repositories.map(({ repo, dates }) => {
    const counts = new Array<number>(months.length).fill(0);
    for (const date of dates) {
      const i = index.get(new Date(date).toISOString().slice(0, 7));
      if (i === undefined) outside += 1;
      else counts[i]! += 1;
    }
    counts.forEach((c, i) => (total[i]! += c));
    const n = counts.reduce((s, c) => s + c, 0);
    return { repo, fix_commits: n, shares_pct: counts.map((c) => (n > 0 ? (c / n) * 100 : 0)) };
  });
  const all = total.reduce((s, c) => s + c, 0);
  return {
    months: [...months],
    fix_commits: all,
    outside_window: outside,
    uniform_pct: months.length > 0 ? 100 / months.length : 0,
    shares_pct: total.map((c) => (all > 0 ? (c / all) * 100 : 0)),
    repositories: rows,
  };
}
