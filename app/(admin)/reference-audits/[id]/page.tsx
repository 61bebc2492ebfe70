import type { Metadata } from "next";
import Link from "next/link";
import { requirePageStaff } from "@/lib/server/auth/current-user";
import { getReferenceAudit } from "@/lib/server/judge-quality/reference-audit";
import { loadOr404 } from "@/components/workbench/load-or-404";
import { BugText } from "@/components/judge-quality/bug-text";
import { ChoiceForm } from "@/components/judge-quality/judgement-forms";

// One audit of the reference set (§2.2): each sampled bug with the auditor's mark; others' marks after one's own.
export const metadata: Metadata = { title: "Reference audit", robots: { index: false } };
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

const CHOICES = [
  { value: "valid", label: "Valid" },
  { value: "invalid", label: "Invalid" },
  { value: "unsure", label: "Unsure" },
] as const;

export default async function ReferenceAuditPage({ params }: Props) {
  const { id } = await params;
  const user = await requirePageStaff(`/reference-audits/${id}`);
  const audit = await loadOr404(() => getReferenceAudit(user, id));
  const marked = audit.items.filter((i) => i.my_mark).length;
  return (
    <>
      <p>
        <Link href={`/reference-audits?benchmark=${encodeURIComponent(audit.benchmark)}`}>
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
      <ol className="plain">
        {audit.items.map((item) => (
          <li key={item.reference_bug_id}>
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
            />
            {item.reveal && (
              <p className="small">
                Marks:{" "}
                {item.reveal.marks
                  .map((m) => `${m.by ?? "a deleted user"} ${m.mark}${m.after_reveal ? " (later)" : ""}: ${m.reason}`)
                  .join("; ")}
              </p>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}
