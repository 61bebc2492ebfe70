import styles from "@/components/account/ui.module.css";

const TONE: Record<string, string> = {
  done: styles.statusOk,
  failed: styles.statusBad,
  cancelled: styles.statusWarn,
  over_budget: styles.statusWarn,
  stopped: styles.statusWarn,
  skipped: "",
  queued: "",
  running: "",
};

const LABEL: Record<string, string> = { over_budget: "over budget" };

/** A run's or a pass's status as a badge. */
export function RunStatusBadge({ status }: { status: string }) {
  return <span className={`${styles.status} ${TONE[status] ?? ""}`}>{LABEL[status] ?? status}</span>;
}

export function usd(value: number): string {
  return `$${value < 1 ? value.toFixed(4) : value.toFixed(2)}`;
}
