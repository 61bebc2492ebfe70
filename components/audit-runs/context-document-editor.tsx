"use client";

import { useId, useState } from "react";
import { ApiError, callApi, type ApiIssue } from "@/lib/api-client";
import { ErrorMessage } from "@/components/ui/error-message";
import { LabelledField, LabelledInput, SubmitButton } from "@/components/ui/form-field";
import styles from "@/components/ui/forms.module.css";
import type { z } from "zod";
import type { contextDocumentSchema } from "@/lib/contracts/context-documents";
import { contextDocumentsRoutes } from "@/lib/contracts/context-documents-routes";

type View = z.infer<typeof contextDocumentSchema>;

const TITLES = { audit: "Audit context document", panel: "Panel context document" } as const;
const ABOUT = {
  audit:
    "What every audit pass of every model reads about this repository (purpose, modules, entry points, intentional deviations).",
  panel: "What the validation panel reads (public API, supported scope, intentional deviations, unsupported features).",
} as const;

/** Shows one context document and lets a maintainer or admin replace its text (audit-logged). */
export function ContextDocumentEditor({
  initial,
  benchmark,
  repository,
}: {
  initial: View;
  benchmark: string;
  /** owner/name */
  repository: string;
}) {
  const id = useId();
  const [owner = "", name = ""] = repository.split("/");
  const [view, setView] = useState(initial);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(initial.text ?? "");
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; issues: ApiIssue[] }>();
  const [saved, setSaved] = useState(false);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const next = await callApi(contextDocumentsRoutes.putRepositoriesOwnerNameContextKind, {
        params: { owner, name, kind: view.kind },
        query: { benchmark },
        body: { text: draft, reason: reason || undefined },
      });
      setView(next);
      setEditing(false);
      setSaved(true);
    } catch (e) {
      setError(
        e instanceof ApiError
          ? { message: e.message, issues: e.issues }
          : { message: "The document could not be saved.", issues: [] },
      );
    } finally {
      setBusy(false);
    }
  }

  const origin =
    view.source === "maintainer"
      ? `Edited by ${view.edited_by ?? "a maintainer"} on ${view.edited_at?.slice(0, 10) ?? "?"}`
      : view.source === "llm"
        ? `Written by ${view.model} (${view.prompt_version})`
        : "Not written yet: the first in-house run with the full harness generates it, or write it here.";
  return (
    <section className="card" aria-labelledby={`${id}-title`} data-context-kind={view.kind}>
      <h3 id={`${id}-title`}>{TITLES[view.kind]}</h3>
      <p className="muted small">
        {ABOUT[view.kind]} {origin}.
      </p>
      {saved && !editing && (
        <p className={styles.notice} role="status">
          Saved. Later passes read the new text.
        </p>
      )}
      {editing ? (
        <form className={`${styles.form} ${styles.wide}`} onSubmit={(e) => void save(e)}>
          <LabelledField label="Text (Markdown, at most 100,000 characters)">
            <textarea
              className={styles.textarea}
              rows={18}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              maxLength={100_000}
              required
            />
          </LabelledField>
          <LabelledInput
            label="Reason (for the audit log, optional)"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={500}
          />
          {error && <ErrorMessage message={error.message} issues={error.issues} />}
          <div className={styles.actions}>
            <SubmitButton disabled={busy}>{busy ? "Saving…" : "Save"}</SubmitButton>
            <button
              type="button"
              className={styles.button}
              onClick={() => {
                setEditing(false);
                setDraft(view.text ?? "");
                setError(undefined);
              }}
            >
              Discard
            </button>
          </div>
        </form>
      ) : (
        <>
          {view.text ? (
            <details>
              <summary>Show the document ({view.text.length.toLocaleString("en-US")} characters)</summary>
              <pre className="small" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {view.text}
              </pre>
            </details>
          ) : null}
          <div className={styles.actions}>
            <button
              type="button"
              className={styles.button}
              onClick={() => {
                setEditing(true);
                setSaved(false);
              }}
            >
              {view.text ? "Edit" : "Write"} the {view.kind} context document
            </button>
          </div>
        </>
      )}
    </section>
  );
}
