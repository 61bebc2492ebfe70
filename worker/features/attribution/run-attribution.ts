import { attributionPlan } from "../../../lib/attribution/taxonomy";
import type { AttributionAsking } from "../../../lib/llm/attribution-classifier";
import type { Subject } from "../../../lib/server/attribution/attribution-store";
import {
  progressWriter,
  updatePanelAttribution,
  type PanelAttributionClaim,
} from "../../shared/claim-panel-attribution";
import { classifySubjects, writeGivenLabels, type ClassifierDeps } from "./classify-subjects";

// The one run of an attribution job, whatever it labels (a submission's findings, attribute-bugs.ts; a version's
// reference bugs, attribute-references.ts): the total and prompt on the row, the categories someone gave kept under
// their own label, every subject classified (classify-subjects.ts), and the row marked done with the counts.

type RowFields = Parameters<typeof updatePanelAttribution>[1];

export type AttributionJob = {
  subjects: Subject[];
  asking: AttributionAsking;
  /** The classifier's model. */
  model: string;
  /** The label categories given with the subjects are kept under (a submitter's or the benchmark file's). */
  given: { model: string; source: "self_reported" | "benchmark" };
  /** Written with the total when the job starts. */
  startFields?: RowFields;
  /** Written when the job is done, from the number of given categories. */
  doneFields?: (given: number) => RowFields;
};

/** Labels the job's subjects; returns how many categories were given, and of the classifications, cached and asked. */
export async function runAttribution(
  claim: PanelAttributionClaim,
  deps: Omit<ClassifierDeps, "model">,
  job: AttributionJob,
): Promise<{ given: number; cached: number; asked: number }> {
  const progress = progressWriter(claim, deps.onProgress);
  const { subjects, asking } = job;
  await updatePanelAttribution(claim, {
    total: subjects.length,
    promptVersion: `${asking.prompt.name}@${asking.prompt.version}`,
    ...job.startFields,
  });
  const given = subjects.filter((s) => attributionPlan(s.category) === "given");
  await writeGivenLabels(given, asking, job.given);
  await progress(5);
  const { cached, asked } = await classifySubjects(subjects, asking, { ...deps, model: job.model }, progress, 5);
  await updatePanelAttribution(claim, {
    status: "done",
    progress: 100,
    error: null,
    finishedAt: new Date(),
    ...job.doneFields?.(given.length),
    classified: subjects.length,
    cached,
    retries: { increment: deps.client.requests.retries },
    malformedReplies: { increment: deps.client.stats.malformedReplies },
  });
  return { given: given.length, cached, asked };
}
