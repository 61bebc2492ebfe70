import type { AuditPassStatus, AuditRunStatus } from "@/lib/generated/prisma/enums";
import styles from "@/components/ui/forms.module.css";

// Keyed by the Prisma enums: a new run or pass status fails the build until it has a tone and a label.
type Status = AuditRunStatus | AuditPassStatus;
const TONE: Record<Status, string> = {
  done: styles.statusOk,
  failed: styles.statusBad,
  cancelled: styles.statusWarn,
  over_budget: styles.statusWarn,
  stopped: styles.statusWarn,
  skipped: "",
  queued: "",
  running: "",
};

const LABEL: Record<Status, string> = {
  done: "done",
  failed: "failed",
  cancelled: "cancelled",
  over_budget: "over budget",
  stopped: "stopped",
  skipped: "skipped",
  queued: "queued",
  running: "running",
};

/** A run's or a pass's status as a badge. */
export function RunStatusBadge({ status }: { status: Status }) {
  return <span className={`${styles.status} ${TONE[status]}`}>{LABEL[status]}</span>;
}

export function usd(value: number): string {
  return `$${value < 1 ? value.toFixed(4) : value.toFixed(2)}`;
}
