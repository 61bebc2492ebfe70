"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { ApiError, callApi } from "@/lib/api-client";
import { judgeQualityRoutes } from "@/lib/contracts/judge-quality-routes";
import { auditMarkSchema, humanGradeSchema, pairLabelSchema } from "@/lib/contracts/judge-quality";

// The forms of human validation (docs/judge-quality.md): drawing a sample, labelling a pair, grading a finding and
// marking a reference bug. Each posts to the API and refreshes the page, which then shows what was hidden; a failure
// names the bad field. Plain buttons and radio groups, so everything works from the keyboard.

function errorText(e: unknown, fallback: string): string {
  return e instanceof ApiError ? [e.message, ...e.issues.map((i) => `${i.path}: ${i.message}`)].join(" ") : fallback;
}

export function useSubmit(fallback: string) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  /** Runs `save` (an API call); `after` turns its answer into the line shown once it is done. */
  const submit = async <T,>(save: () => Promise<T>, after?: (answer: T) => string | null) => {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const answer = await save();
      setDone(after ? after(answer) : "Saved.");
      router.refresh();
    } catch (e) {
      setError(errorText(e, fallback));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, done, submit };
}

export function Status({ error, done }: { error: string | null; done: string | null }) {
  return (
    <p aria-live="polite" className="small">
      {error ? (
        <span role="alert" className="error-text">
          {error}
        </span>
      ) : (
        done
      )}
    </p>
  );
}

const PAIR_KINDS = [
  { value: "reference", label: "Finding and reference bug" },
  { value: "duplicate", label: "Two findings (duplicates across runs)" },
] as const;

/**
 * Draws a labelling sample of pairs (`draw="pairs"`, of either kind) or a reference audit (`draw="reference-bugs"`,
 * which then opens): size and an optional seed.
 */
export function DrawForm({
  draw,
  benchmark,
  noun,
  defaultSize,
}: {
  draw: "pairs" | "reference-bugs";
  benchmark: string;
  noun: string;
  defaultSize: number;
}) {
  const kinds = draw === "pairs" ? PAIR_KINDS : undefined;
  const router = useRouter();
  const sizeId = useId();
  const seedId = useId();
  const kindId = useId();
  const [size, setSize] = useState(String(defaultSize));
  const [seed, setSeed] = useState("");
  const [kind, setKind] = useState<(typeof PAIR_KINDS)[number]["value"]>("reference");
  const { busy, error, done, submit } = useSubmit(`The ${noun} could not be drawn.`);
  return (
    <form
      className="card"
      onSubmit={(e) => {
        e.preventDefault();
        const sample = { benchmark, size: Number(size), ...(seed.trim() ? { seed: seed.trim() } : {}) };
        if (draw === "pairs")
          void submit(() => callApi(judgeQualityRoutes.postLabellingSamples, { body: { ...sample, kind } }));
        else
          void submit(
            () => callApi(judgeQualityRoutes.postReferenceAudits, { body: sample }),
            (audit) => {
              router.push(`/reference-audits/${audit.id}`);
              return "Drawn.";
            },
          );
      }}
    >
      <div className="field">
        <label htmlFor={sizeId}>How many</label>
        <input id={sizeId} type="number" min={1} max={500} value={size} onChange={(e) => setSize(e.target.value)} />
      </div>
      {kinds && (
        <div className="field">
          <label htmlFor={kindId}>Pairs</label>
          <select
            id={kindId}
            value={kind}
            onChange={(e) => setKind(e.target.value === "duplicate" ? "duplicate" : "reference")}
          >
            {kinds.map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="field">
        <label htmlFor={seedId}>Seed (optional; a random one is recorded)</label>
        <input id={seedId} value={seed} maxLength={64} onChange={(e) => setSeed(e.target.value)} />
      </div>
      <button type="submit" disabled={busy}>
        {busy ? "Drawing…" : `Draw the ${noun}`}
      </button>
      <Status error={error} done={done} />
    </form>
  );
}

/** What a ChoiceForm saves: a pair's label, a finding's grade in a panel sample, or a reference bug's mark. */
export type ChoiceTarget =
  | { kind: "label"; pair: string }
  | { kind: "grade"; panel: string; finding: string }
  | { kind: "mark"; audit: string; referenceBugId: string };

/** Saves a choice (checked against the route's own enum) with its text. */
async function saveChoice(target: ChoiceTarget, choice: string, text: string): Promise<void> {
  const given = text.trim() || undefined;
  switch (target.kind) {
    case "label":
      await callApi(judgeQualityRoutes.postLabellingPairsIdLabels, {
        params: { id: target.pair },
        body: { label: pairLabelSchema.parse(choice), note: given },
      });
      return;
    case "grade":
      await callApi(judgeQualityRoutes.postGradingPanelsIdGrades, {
        params: { id: target.panel },
        body: { finding: target.finding, grade: humanGradeSchema.parse(choice), note: given },
      });
      return;
    case "mark":
      await callApi(judgeQualityRoutes.postReferenceAuditsIdMarks, {
        params: { id: target.audit },
        body: { reference_bug_id: target.referenceBugId, mark: auditMarkSchema.parse(choice), reason: given ?? "" },
      });
  }
}

/**
 * A choice among a few values with an optional or required text, saved with one button: the pair's label, a finding's
 * grade, a reference bug's mark.
 */
export function ChoiceForm({
  target,
  legend,
  choices,
  current,
  textLabel,
  textRequired,
  currentText,
}: {
  target: ChoiceTarget;
  legend: string;
  choices: readonly { value: string; label: string }[];
  current: string | null;
  textLabel: string;
  textRequired?: boolean;
  currentText?: string | null;
}) {
  const name = useId();
  const textId = useId();
  const [choice, setChoice] = useState<string | null>(current);
  const [text, setText] = useState(currentText ?? "");
  const { busy, error, done, submit } = useSubmit("It could not be saved.");
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!choice || busy) return;
        void submit(() => saveChoice(target, choice, text));
      }}
    >
      <fieldset>
        <legend>{legend}</legend>
        {choices.map((c) => (
          <label key={c.value} style={{ marginRight: 16 }}>
            <input
              type="radio"
              name={name}
              value={c.value}
              checked={choice === c.value}
              onChange={() => setChoice(c.value)}
            />{" "}
            {c.label}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={textId}>{textLabel}</label>
        <textarea
          id={textId}
          rows={2}
          maxLength={2000}
          value={text}
          required={textRequired}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      {/* Not disabled while saving: a disabled button drops the keyboard focus to the page, and the form stays mounted
          after the save (keyed by its item, not by the saved value), so focus stays here and the status is read out. */}
      <button type="submit" disabled={!choice} aria-disabled={busy}>
        {busy ? "Saving…" : current ? "Save the change" : "Save"}
      </button>
      <Status error={error} done={done} />
    </form>
  );
}
