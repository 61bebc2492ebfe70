"use client";

import { useEffect, useRef, type ReactNode } from "react";

/**
 * A menu of choices on a <details> (works before the scripts load) that behaves like a menu once they have: Escape
 * closes it and puts focus back on its button, and it closes when focus or a click goes elsewhere on the page.
 */
export function DropdownDetails({ summary, children }: { summary: ReactNode; children: ReactNode }) {
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const closeOnOutsideClick = (event: PointerEvent) => {
      const node = details.current;
      if (node?.open && !node.contains(event.target as Node)) node.open = false;
    };
    document.addEventListener("pointerdown", closeOnOutsideClick);
    return () => document.removeEventListener("pointerdown", closeOnOutsideClick);
  }, []);
  return (
    <details
      ref={details}
      className="field dropdown"
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !event.currentTarget.open) return;
        event.preventDefault();
        event.currentTarget.open = false;
        event.currentTarget.querySelector("summary")?.focus();
      }}
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        // null: focus left the window or went to no focusable element (a click on the page, handled above).
        if (next && !event.currentTarget.contains(next)) event.currentTarget.open = false;
      }}
    >
      <summary>{summary}</summary>
      {children}
    </details>
  );
}
