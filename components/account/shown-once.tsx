"use client";

import { useState, type ReactNode } from "react";
import styles from "@/components/ui/forms.module.css";

/** A secret the server shows only once (a new API token, a webhook's signing secret), with what it is and how to use it. */
export function ShownOnce({
  what,
  secret,
  testId,
  usage,
}: {
  what: ReactNode;
  secret: string;
  testId: string;
  usage: ReactNode;
}) {
  return (
    <div className={styles.notice} role="status">
      <p style={{ marginTop: 0 }}>{what}</p>
      <div className={styles.secret} data-testid={testId}>
        {secret}
      </div>
      <p className={styles.hint} style={{ marginBottom: 0 }}>
        {usage}
      </p>
    </div>
  );
}

/**
 * The user's tokens or webhooks and the one just created: that one keeps its secret for ShownOnce, and joins the top of
 * the list without it, as the server lists it.
 */
export function useCreatedOnce<Item, Made extends Item>(initial: Item[], withoutSecret: (made: Made) => Item) {
  const [items, setItems] = useState(initial);
  const [created, setCreated] = useState<Made>();
  const add = (made: Made) => {
    setCreated(made);
    setItems([withoutSecret(made), ...items]);
  };
  return { items, setItems, created, add };
}
