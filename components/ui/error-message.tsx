import type { ApiIssue } from "@/lib/api-client";
import styles from "./forms.module.css";

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
  // A whole-document problem (malformed JSON) already says everything in the message: listing it again under
  // "(root)" would repeat it in other words.
  const listed =
    issues.length === 1 && issues[0]!.path === "(root)" && message.includes("not valid JSON") ? [] : issues;
  return (
    <div className={styles.alert} role="alert">
      <div>{message}</div>
      {listed.length > 0 && (
        <ul className={styles.issues} aria-label="Problems by JSON path">
          {listed.slice(0, limit).map((issue, i) => (
            <li key={`${issue.path}-${i}`}>
              <code>{issue.path}</code>: {issue.message}
            </li>
          ))}
          {listed.length > limit && <li>… and {listed.length - limit} more</li>}
        </ul>
      )}
    </div>
  );
}
