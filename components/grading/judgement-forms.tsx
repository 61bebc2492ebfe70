"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { callApi } from "@/lib/api-client";
import { gradingRoutes } from "@/lib/contracts/grading-routes";
import { auditMarkSchema, humanGradeSchema, pairLabelSchema } from "@/lib/contracts/grading";
import { Status, useSubmit } from "@/components/ui/post-form";
import { lastLabelled, rememberLastLabelled, useShortcutKeys } from "./use-shortcut-keys";

// The forms of human validation (docs/grading.md): drawing a sample, labelling a pair, grading a finding and
// marking a reference bug. Each posts to the API and refreshes the page, which then shows what was hidden; a failure
// names the bad field. Plain buttons and radio groups, so everything works from the keyboard.

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
        if (draw === "pairs") void submit(() => callApi(gradingRoutes.postGradingPairs, { body: { ...sample, kind } }));
        else
          void submit(
            () => callApi(gradingRoutes.postGradingReferences, { body: sample }),
            (audit) => {
              router.push(`/grading/references/${audit.id}`);
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
      await callApi(gradingRoutes.postGradingPairsIdLabels, {
        params: { id: target.pair },
        body: { label: pairLabelSchema.parse(choice), note: given },
      });
      return;
    case "grade":
      await callApi(gradingRoutes.postGradingPanelsIdGrades, {
        params: { id: target.panel },
        body: { finding: target.finding, grade: humanGradeSchema.parse(choice), note: given },
      });
      return;
    case "mark":
      await callApi(gradingRoutes.postGradingReferencesIdMarks, {
        params: { id: target.audit },
        body: { reference_bug_id: target.referenceBugId, mark: auditMarkSchema.parse(choice), reason: given ?? "" },
      });
  }
}

/**
 * Keys for working through a sample (docs/grading.md): 1, 2, 3 pick a choice and save it (where a text is
 * required, they pick and move to the text, whose Enter saves), then the next item without the caller's judgement
 * opens by itself; n and p open the next and previous items; u goes back to the item last saved from this tab, to change it.
 */
type Shortcuts = {
  /** This item's page. */
  self: string;
  /** Opens after a save made from the keyboard: the next item the caller has not judged (null: none left). */
  advance: string | null;
  previous: string | null;
  next: string | null;
};

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
  shortcuts,
}: {
  target: ChoiceTarget;
  legend: string;
  choices: readonly { value: string; label: string }[];
  current: string | null;
  textLabel: string;
  textRequired?: boolean;
  currentText?: string | null;
  shortcuts?: Shortcuts;
}) {
  const router = useRouter();
  const name = useId();
  const textId = useId();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [choice, setChoice] = useState<string | null>(current);
  const [text, setText] = useState(currentText ?? "");
  const { busy, error, done, submit } = useSubmit("It could not be saved.");
  const save = (value: string, advance: boolean) => {
    if (busy) return;
    if (textRequired && !text.trim()) return;
    void submit(
      () => saveChoice(target, value, text),
      () => {
        if (!shortcuts) return "Saved.";
        rememberLastLabelled(shortcuts.self);
        if (advance && shortcuts.advance && shortcuts.advance !== shortcuts.self) {
          router.push(shortcuts.advance);
          return "Saved; opening the next one.";
        }
        return "Saved.";
      },
    );
  };
  const go = (href: string | null | undefined) => (href ? () => router.push(href) : undefined);
  // Announces that the keys listen (after hydration), for people and for the browser tests.
  const [listening, setListening] = useState(false);
  useShortcutKeys(
    shortcuts
      ? {
          ...Object.fromEntries(
            choices.map((c, i) => [
              String(i + 1),
              () => {
                setChoice(c.value);
                if (textRequired && !text.trim()) textRef.current?.focus();
                else save(c.value, true);
              },
            ]),
          ),
          n: go(shortcuts.next),
          p: go(shortcuts.previous),
          u: () => {
            const last = lastLabelled();
            if (last && last !== shortcuts.self) router.push(last);
          },
        }
      : {},
  );
  useEffect(() => setListening(true), []);
  return (
    <form
      data-shortcuts-ready={shortcuts && listening ? "" : undefined}
      onSubmit={(e) => {
        e.preventDefault();
        if (!choice) return;
        save(choice, false);
      }}
    >
      <fieldset>
        <legend>{legend}</legend>
        {choices.map((c, i) => (
          <span key={c.value} style={{ marginRight: 16 }}>
            <label>
              <input
                type="radio"
                name={name}
                value={c.value}
                checked={choice === c.value}
                onChange={() => setChoice(c.value)}
              />{" "}
              {c.label}
            </label>
            {shortcuts && (
              <kbd className="key-hint" aria-hidden="true">
                {i + 1}
              </kbd>
            )}
          </span>
        ))}
      </fieldset>
      {shortcuts && (
        <p className="small muted">
          Keys: <kbd>1</kbd>–<kbd>{choices.length}</kbd>{" "}
          {textRequired ? "pick and go to the text, whose Enter saves" : "save the choice (the note goes with it)"} and
          open the next one not yet done; <kbd>n</kbd> next, <kbd>p</kbd> previous, <kbd>u</kbd> back to the last one
          saved, to change it.
        </p>
      )}
      <div className="field">
        <label htmlFor={textId}>{textLabel}</label>
        <textarea
          ref={textRef}
          id={textId}
          rows={2}
          maxLength={2000}
          value={text}
          required={textRequired}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            // With the keys on, Enter in the text saves and moves on (Shift+Enter starts a new line).
            if (!shortcuts || e.key !== "Enter" || e.shiftKey || !choice) return;
            e.preventDefault();
            save(choice, true);
          }}
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
