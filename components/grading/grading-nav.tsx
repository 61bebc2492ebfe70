import Link from "next/link";

/**
 * The queues of grading (docs/grading.md): what a maintainer grades, one page each under /grading, and what each
 * needs before it has work. Trying a candidate judge on the graded pairs is an admin's.
 */
export const GRADING_QUEUES = [
  {
    key: "pairs",
    text: "Label matcher pairs",
    what: "Is this finding the same defect as that reference bug (or as that other finding)? Measures the matcher.",
    needs: "A scored submission of the version; draw a sample of its pairs on the page.",
  },
  {
    key: "panels",
    text: "Grade panel samples",
    what: "Is this sampled finding a real bug? Measures the panel against people (Table 15).",
    needs: "A finished panel on a scored submission (its page, Panel).",
  },
  {
    key: "references",
    text: "Audit the reference set",
    what: "Is this reference bug a real bug? Measures the mined reference set (§2.2).",
    needs: "An imported benchmark version; draw a sample of its reference bugs on the page.",
  },
] as const;

type Key = (typeof GRADING_QUEUES)[number]["key"] | "trials";

/** The hub of the queues, /grading. */
const HUB = { key: "all", text: "All queues" } as const;

/** The grading pages of one version, for maintainers (and the candidate-judge trials, for admins). */
export function GradingNav({
  current,
  benchmark,
  admin,
}: {
  current: Key | "all";
  benchmark: string;
  admin?: boolean;
}) {
  const items: { key: Key | "all"; text: string }[] = [
    HUB,
    ...GRADING_QUEUES,
    ...(admin || current === "trials" ? [{ key: "trials" as const, text: "Try a candidate judge" }] : []),
  ];
  return (
    <nav aria-label="Grading">
      <p>
        {items.map((i) => (
          <span key={i.key} style={{ marginRight: 14 }}>
            {i.key === current ? (
              <strong aria-current="page">{i.text}</strong>
            ) : (
              <Link href={`/grading${i.key === "all" ? "" : `/${i.key}`}?benchmark=${encodeURIComponent(benchmark)}`}>
                {i.text}
              </Link>
            )}
          </span>
        ))}
      </p>
    </nav>
  );
}
