import Link from "next/link";

/** The three human-validation pages of one version, for maintainers. */
export function ValidationNav({
  current,
  benchmark,
}: {
  current: "labelling" | "grading" | "reference-audits";
  benchmark: string;
}) {
  const items = [
    { key: "labelling", text: "Label matcher pairs" },
    { key: "grading", text: "Grade panel samples" },
    { key: "reference-audits", text: "Audit the reference set" },
  ] as const;
  return (
    <nav aria-label="Human validation">
      <p>
        {items.map((i) => (
          <span key={i.key} style={{ marginRight: 14 }}>
            {i.key === current ? (
              <strong aria-current="page">{i.text}</strong>
            ) : (
              <Link href={`/${i.key}?benchmark=${encodeURIComponent(benchmark)}`}>{i.text}</Link>
            )}
          </span>
        ))}
      </p>
    </nav>
  );
}
