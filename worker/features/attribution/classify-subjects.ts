import pMap from "p-map";
import {
  findLabelForText,
  insertGivenLabels,
  listLabelledTexts,
  saveLabel,
  type Subject,
} from "../../../lib/server/attribution/attribution-store";
import type { StructuredClient } from "../../../lib/llm/structured-client";
import { bugRecordJson, renderBlockMessages } from "../../../lib/llm/block-messages";
import { sha256 } from "../../../lib/hash";
import { attributionTextHash, familyOf, triggerLevelOf } from "../../../lib/attribution/taxonomy";
import type { AttributionAsking } from "../../../lib/llm/attribution-classifier";

// The one classifier of bug types (paper F.7.3: the same model and prompt for the taxonomy corpus and every
// configuration's findings), shared by the attribution of a submission's findings (attribute-bugs.ts) and of a
// version's reference bugs (attribute-references.ts). Labels are keyed by subject and configuration (model + prompt
// hash + taxonomy hash) and cached by text hash under that configuration: a text already labelled (another submission,
// a rerun, a retried job) is never asked again, and a rerun writes the same rows.

export type ClassifierDeps = {
  client: StructuredClient;
  model: string;
  concurrency: number;
  onProgress?: (percent: number) => Promise<void>;
};

const BATCH = 1_000;

/**
 * Labels every subject with the configuration `asking` + `deps.model`: those already labelled for their current text
 * are kept, then one answer per distinct text (stored elsewhere under the configuration, else the model's).
 * `progress` is called from `from` to 98 percent.
 */
export async function classifySubjects(
  subjects: Subject[],
  asking: AttributionAsking,
  deps: ClassifierDeps,
  progress: (percent: number) => Promise<void>,
  from: number,
): Promise<{ cached: number; asked: number }> {
  const textHashes = new Map(subjects.map((s) => [s.id, attributionTextHash(s)]));
  const done = await readDone(subjects, textHashes, deps.model, asking);
  const pending = subjects.filter((s) => !done.has(s.id));
  let cached = subjects.length - pending.length;
  let asked = 0;
  // One answer per distinct text: identical reports (repeated runs often repeat a finding verbatim) share it.
  const byText = new Map<string, Subject[]>();
  for (const s of pending) byText.set(textHashes.get(s.id)!, [...(byText.get(textHashes.get(s.id)!) ?? []), s]);
  let finished = 0;
  await pMap(
    [...byText.entries()],
    async ([textHash, group]) => {
      const answer = await answerFor(textHash, group[0]!, asking, deps);
      if (answer.asked) asked++;
      cached += answer.asked ? group.length - 1 : group.length;
      await writeAnswer(textHash, group, answer, deps.model, asking);
      finished++;
      await progress(from + ((98 - from) * finished) / Math.max(byText.size, 1));
    },
    { concurrency: deps.concurrency },
  );
  return { cached, asked };
}

/** The subjects already labelled by this configuration for their current text. */
async function readDone(
  subjects: Subject[],
  textHashes: Map<string, string>,
  model: string,
  asking: AttributionAsking,
): Promise<Set<string>> {
  const done = new Set<string>();
  for (let i = 0; i < subjects.length; i += BATCH) {
    const ids = subjects.slice(i, i + BATCH).map((s) => s.id);
    const rows = await listLabelledTexts(ids, { model, taxonomyHash: asking.taxHash, promptHash: asking.promptHash });
    for (const r of rows) if (r.textHash === textHashes.get(r.subjectId)) done.add(r.subjectId);
  }
  return done;
}

type Answer = {
  category: string;
  triggerLevel: number;
  rationale: string | null;
  inputTokens: number;
  outputTokens: number;
  /** false: the answer stored for the same text elsewhere, reused at no cost. */
  asked: boolean;
};

/** The answer for one text: the one stored for it under the same configuration, else the model's. */
async function answerFor(
  textHash: string,
  s: Subject,
  asking: AttributionAsking,
  deps: ClassifierDeps,
): Promise<Answer> {
  const cached = await findLabelForText(textHash, {
    taxonomyHash: asking.taxHash,
    model: deps.model,
    promptHash: asking.promptHash,
  });
  if (cached) {
    const { category, rationale } = cached;
    return {
      category,
      triggerLevel: cached.triggerLevel ?? 0,
      rationale,
      inputTokens: 0,
      outputTokens: 0,
      asked: false,
    };
  }
  const record = bugRecordJson({
    id: `B-${sha256(textHash).slice(0, 10)}`,
    repo: s.repo,
    file: s.file,
    lineStart: s.lineStart,
    lineEnd: s.lineEnd,
    title: s.title,
    description: s.description,
    codeSnippet: s.codeSnippet,
    suggestedFix: s.suggestedFix,
  });
  const messages = renderBlockMessages(asking.prompt, {
    taxonomy: {
      families: asking.taxonomy.families,
      trigger_levels: [{ level: 0, name: "Insufficient information" }, ...asking.taxonomy.triggers],
    },
    report: record,
  });
  const result = await deps.client.ask(deps.model, messages, "bug_type_attribution", asking.replyJson, asking.reply);
  const { category, trigger_level, rationale } = result.value;
  const { inputTokens, outputTokens } = result;
  return { category, triggerLevel: trigger_level, rationale, inputTokens, outputTokens, asked: true };
}

/** One answer on every subject of its text; tokens are recorded once, on the first subject, so sums give the spend. */
async function writeAnswer(
  textHash: string,
  group: Subject[],
  answer: Answer,
  model: string,
  asking: AttributionAsking,
): Promise<void> {
  for (const [index, s] of group.entries()) {
    const data = {
      category: answer.category,
      family: familyOf(asking.taxonomy, answer.category),
      triggerLevel: answer.triggerLevel,
      source: "llm",
      textHash,
      rationale: answer.rationale,
      inputTokens: index === 0 ? answer.inputTokens : 0,
      outputTokens: index === 0 ? answer.outputTokens : 0,
    };
    const key = {
      subjectKind: s.kind,
      subjectId: s.id,
      model,
      promptHash: asking.promptHash,
      taxonomyHash: asking.taxHash,
    };
    await saveLabel(key, data);
  }
}

/**
 * Categories someone supplied, kept as given under their own label: a submitter's (`self_reported`, never in the
 * shares) or the benchmark file's (`benchmark`, the maintainers' own). Written once, never overwritten.
 */
export async function writeGivenLabels(
  given: Subject[],
  { taxonomy, taxHash }: AttributionAsking,
  label: { model: string; source: "self_reported" | "benchmark" },
): Promise<void> {
  for (let i = 0; i < given.length; i += BATCH) {
    await insertGivenLabels(
      given.slice(i, i + BATCH).map((s) => ({
        subjectKind: s.kind,
        subjectId: s.id,
        ...label,
        category: s.category!.trim(),
        family: familyOf(taxonomy, s.category!.trim()),
        triggerLevel: triggerLevelOf(taxonomy, s.trigger),
        taxonomyHash: taxHash,
      })),
    );
  }
}
