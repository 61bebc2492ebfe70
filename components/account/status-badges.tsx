import styles from "./ui.module.css";

const SCORING: Record<string, string> = { scored: styles.statusOk, failed: styles.statusBad, scoring: styles.statusWarn, queued: "" };
const REVIEW: Record<string, string> = { approved: styles.statusOk, rejected: styles.statusBad, pending: styles.statusWarn, withdrawn: "" };

export function ScoringBadge({ status, progress }: { status: string; progress?: number }) {
  return <span className={`${styles.status} ${SCORING[status] ?? ""}`}>{status === "scoring" && progress !== undefined ? `scoring ${progress}%` : status}</span>;
}

export function ReviewBadge({ status }: { status: string }) {
  const label = status === "pending" ? "awaiting review" : status;
  return <span className={`${styles.status} ${REVIEW[status] ?? ""}`}>{label}</span>;
}
