import type { ButtonHTMLAttributes } from "react";
import styles from "@/components/ui/forms.module.css";

/** A small button in a table row or under a log (revoke, delete, send a test event); `danger` for what destroys. */
export function SmallButton({
  danger = false,
  ...button
}: ButtonHTMLAttributes<HTMLButtonElement> & { danger?: boolean }) {
  return (
    <button
      type="button"
      className={`${styles.button} ${styles.small}${danger ? ` ${styles.danger}` : ""}`}
      {...button}
    />
  );
}
