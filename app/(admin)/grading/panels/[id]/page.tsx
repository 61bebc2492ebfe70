import type { Metadata } from "next";
import Link from "next/link";
import { requirePageStaff } from "@/lib/server/auth/current-user";
import { getPanelGrading } from "@/lib/server/grading/grade-panels";
import { loadOr404 } from "@/components/workbench/load-or-404";
import { BugText } from "@/components/grading/bug-text";
import { ChoiceForm } from "@/components/grading/judgement-forms";

// One panel's sample, graded blind (§C.3, Table 15): nothing hidden is read before the grader finished the sample.
export const metadata: Metadata = { title: "Grade a panel sample", robots: { index: false } };
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

const CHOICES = [
  { value: "confirmed", label: "Confirmed" },
  { value: "rejected", label: "Rejected" },
  { value: "unsure", label: "Unsure" },
] as const;

export default async function PanelGradingPage({ params }: Props) {
  const { id } = await params;
  const user = await requirePageStaff(`/grading/panels/${id}`);
  const view = await loadOr404(() => getPanelGrading(user, id));
  return (
    <>
      <p>
        <Link href={`/grading/panels?benchmark=${encodeURIComponent(view.benchmark)}`}>
          All samples of {view.benchmark}
        </Link>
      </p>
      <h1>Grade a panel sample</h1>
      <p className="lede">
        You graded <strong>{view.graded_by_me}</strong> of {view.sampled} findings.{" "}
        {view.reveal
          ? "Every finding is graded: the panel's verdicts and the configuration are shown. A grade you change now is kept with the history and counted apart."
          : "The panel's verdicts, the model, harness and submitter appear once every finding is graded."}
      </p>
      {view.reveal && (
        <p className="card" data-testid="grading-reveal">
          Submission <Link href={`/submissions/${view.reveal.submission_id}`}>{view.reveal.model}</Link>
          {view.reveal.harness ? `, harness ${view.reveal.harness}` : ""}
          {view.reveal.submitter ? `, submitted by ${view.reveal.submitter}` : ""}.
        </p>
      )}
      <ol className="plain">
        {view.findings.map((f) => (
          <li key={f.finding} id={f.finding}>
            <BugText heading={f.finding} text={f.text} headingId={`h-${f.finding}`} />
            <ChoiceForm
              key={`${view.id}:${f.finding}`}
              target={{ kind: "grade", panel: view.id, finding: f.finding }}
              legend={`Your grade of ${f.finding}`}
              choices={CHOICES}
              current={f.my_grade}
              textLabel="Note (optional)"
            />
            {f.reveal && (
              <p className="small">
                Panel: <strong>{f.reveal.panel_verdict ?? "no verdict"}</strong>
                {f.reveal.panel_reason ? ` (${f.reveal.panel_reason})` : ""}. Grades:{" "}
                {f.reveal.grades
                  .map((g) => `${g.by ?? "a deleted user"} ${g.grade}${g.after_reveal ? " (after the reveal)" : ""}`)
                  .join("; ")}
              </p>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}
