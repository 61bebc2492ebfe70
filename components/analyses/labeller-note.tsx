import type { LabellerChoice, LabellerView } from "@/lib/attribution/labeller";
import { count } from "@/lib/format";

// Which labeller each side of a bug-type comparison used (the paper's F.7.3: one classifier for the reference bugs and
// every configuration's findings), shown above the comparison's tables, and the other configurations one may pick.

export function LabellerNote({
  labellers,
  sameLabeller,
  note,
  testId,
}: {
  labellers: { agents: LabellerView | null; reference: LabellerView };
  sameLabeller: boolean;
  note: string;
  testId: string;
}) {
  return (
    <div className={sameLabeller ? undefined : "card"} data-testid={testId} data-same-labeller={String(sameLabeller)}>
      <p className="small">
        <strong>Labellers.</strong> Agents: {labellers.agents ? labellers.agents.description : "none yet"}. Maintainers:{" "}
        {labellers.reference.kind === "benchmark" ? (
          <strong>{labellers.reference.description}</strong>
        ) : (
          "the same classifier"
        )}
        .
      </p>
      <p className="muted small">{note}</p>
    </div>
  );
}

/** Links to the same comparison labelled by another classifier configuration; nothing when there is no other. */
export function LabellerChoices({ choices, hrefFor }: { choices: LabellerChoice[]; hrefFor: (key: string) => string }) {
  if (choices.length < 2) return null;
  return (
    <p className="muted small">
      Other classifier configurations with labels here:{" "}
      {choices.map((c, i) => (
        <span key={c.key}>
          {i > 0 && "; "}
          {c.chosen ? <strong>{c.description} (shown)</strong> : <a href={hrefFor(c.key)}>{c.description}</a>} (
          {count(c.findings)} findings, {count(c.reference_bugs)} reference bugs
          {c.every_reference ? ", all of them" : ""}
          {c.configured ? ", configured" : ""})
        </span>
      ))}
      .
    </p>
  );
}
