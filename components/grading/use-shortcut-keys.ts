"use client";

import { useEffect, useRef } from "react";

// Single-key shortcuts for the labelling pages (docs/grading.md): a key acts unless the focus is in a text field
// (typing a note must not label the pair) or a modifier is held (the browser's own shortcuts stay).
const TYPING = 'textarea, select, [contenteditable="true"], input:not([type="radio"]):not([type="checkbox"])';

/** Calls `actions[key]` on a key press outside text fields; the latest actions are used without re-subscribing. */
export function useShortcutKeys(actions: Record<string, (() => void) | undefined>): void {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.target instanceof Element && event.target.closest(TYPING)) return;
      const action = latest.current[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}

const LAST_KEY = "probebench:last-labelled";

/** Remembers the page of the item just labelled (this tab only), for the undo key on the next item. */
export function rememberLastLabelled(path: string): void {
  try {
    sessionStorage.setItem(LAST_KEY, path);
  } catch {
    // Storage off (private mode): undo just has nowhere to go.
  }
}

export function lastLabelled(): string | null {
  try {
    return sessionStorage.getItem(LAST_KEY);
  } catch {
    return null;
  }
}
