import type { Metadata } from "next";
import Link from "next/link";
import { requirePageStaff } from "@/lib/server/auth/current-user";
import { getReferenceAudit } from "@/lib/server/grading/mark-references";
import { loadOr404 } from "@/components/workbench/load-or-404";
import { BugText } from "@/components/grading/bug-text";
import { ChoiceForm } from "@/components/grading/judgement-forms";
import { firstParam } from "@/app/(public)/load-public-page";

// One audit of the reference set (§2.2): each sampled bug with the auditor's mark; others' marks after one's own.
export const metadata: Metadata = { title: "Reference audit", robots: { index: false } };
export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const CHOICES = [
  { value: "valid", label: "Valid" },
  { value: "invalid", label: "Invalid" },
  { value: "unsure", label: "Unsure" },
] as const;

// One bug a page (an audit of 100 bugs on one page was some 70,000 px tall), with an index of all of them, the next
// one not yet marked a key or a link away.
export default async function ReferenceAuditPage({ params, searchParams }: Props) {
  const { id } = await params;
  const user = await requirePageStaff(`/grading/references/${id}`);
  const audit = await loadOr404(() => getReferenceAudit(user, id));
  const marked = audit.items.filter((i) => i.my_mark).length;
  const wanted = Number(firstParam((await searchParams).item));
  const firstUnmarked = audit.items.findIndex((i) => !i.my_mark);
  const at =
    Number.isInteger(wanted) && wanted >= 1 && wanted <= audit.items.length ? wanted - 1 : Math.max(0, firstUnmarked);
  const item = audit.items[at];
  const href = (index: number) =>
    index >= 0 && index < audit.items.length ? `/grading/references/${audit.id}?item=${index + 1}` : null;
  // The next bug without the caller's mark, after this one and then from the start.
  const order = [...audit.items.keys()].map((k) => (at + 1 + k) % audit.items.length);
  const nextUnmarked = order.find((k) => k !== at && !audit.items[k]!.my_mark);
  return (
    <>
      <p>
        <Link href={`/grading/references?benchmark=${encodeURIComponent(audit.benchmark)}`}>
          All audits of {audit.benchmark}
        </Link>
      </p>
      <h1>Reference audit</h1>
      <p className="lede">
        Seed <code>{audit.seed}</code>; {audit.items.length} bugs (
        {Object.entries(audit.per_repository)
          .map(([repo, n]) => `${repo} ${n}`)
          .join(", ")}
        ). You marked <strong>{marked}</strong>.
      </p>
      <nav aria-label="Bugs of this audit" className="audit-index">
        <ol>
          {audit.items.map((i, k) => (
            <li key={i.reference_bug_id}>
              <Link
                href={href(k)!}
                aria-current={k === at ? "page" : undefined}
                className={i.my_mark ? "marked" : undefined}
              >
                {k + 1}
                <span className="visually-hidden">
                  {" "}
                  {i.reference_bug_id}: {i.my_mark ?? "not marked"}
                </span>
              </Link>
            </li>
          ))}
        </ol>
        {nextUnmarked !== undefined && <Link href={href(nextUnmarked)!}>Next unmarked bug (#{nextUnmarked + 1})</Link>}
      </nav>
      {item && (
        <section aria-labelledby={`h-${item.reference_bug_id}`}>
          <p className="muted small">
            Bug {at + 1} of {audit.items.length}
          </p>
          <BugText heading={item.reference_bug_id} text={item.text} headingId={`h-${item.reference_bug_id}`} />
          <ChoiceForm
            key={`${audit.id}:${item.reference_bug_id}`}
            target={{ kind: "mark", audit: audit.id, referenceBugId: item.reference_bug_id }}
            legend={`Is ${item.reference_bug_id} a real bug of the snapshot?`}
            choices={CHOICES}
            current={item.my_mark}
            currentText={item.my_reason}
            textLabel="Reason (required)"
            textRequired
            shortcuts={{
              self: href(at)!,
              advance: nextUnmarked === undefined ? null : href(nextUnmarked),
              previous: href(at - 1),
              next: href(at + 1),
            }}
          />
          {item.reveal && (
            <p className="small">
              Marks:{" "}
              {item.reveal.marks
                .map((m) => `${m.by ?? "a deleted user"} ${m.mark}${m.after_reveal ? " (later)" : ""}: ${m.reason}`)
                .join("; ")}
            </p>
          )}
        </section>
      )}
    </>
  );
}
