import type { ApiIssue } from "@/lib/api-client";
import styles from "./ui.module.css";

/** An error box with the message and, when given, every problem listed by its JSON path. */
export function ErrorMessage({
  message,
  issues = [],
  limit = 200,
}: {
  message: string;
  issues?: ApiIssue[];
  limit?: number;
}) {
  return (
    <div className={styles.alert} role="alert">
      <div>{message}</div>
      {issues.length > 0 && (
        <ul className={styles.issues} aria-label="Problems by JSON path">
          {issues.slice(0, limit).map((issue, i) => (
            <li key={`${issue.path}-${i}`}>
              <code>{issue.path}</code>: {issue.message}
            </li>
          ))}
          {issues.length > limit && <li>… and {issues.length - limit} more</li>}
        </ul>
      )}
    </div>
  );
}
