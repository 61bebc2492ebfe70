import type { ReviewStatus, ScoringStatus } from "@/lib/generated/prisma/enums";
import styles from "@/components/ui/forms.module.css";

// Every status has a tone and a label: the tables are keyed by the Prisma enums, so a new status fails the build
// until it is given both.
const SCORING_TONE: Record<ScoringStatus, string> = {
  scored: styles.statusOk,
  failed: styles.statusBad,
  scoring: styles.statusWarn,
  awaiting_approval: styles.statusWarn,
  withdrawn: "",
  queued: "",
};
const SCORING_LABEL: Record<ScoringStatus, string> = {
  scored: "scored",
  failed: "failed",
  scoring: "scoring",
  awaiting_approval: "awaiting approval",
  withdrawn: "withdrawn",
  queued: "queued",
};
const REVIEW_TONE: Record<ReviewStatus, string> = {
  approved: styles.statusOk,
  rejected: styles.statusBad,
  pending: styles.statusWarn,
  withdrawn: "",
};
const REVIEW_LABEL: Record<ReviewStatus, string> = {
  approved: "approved",
  rejected: "rejected",
  pending: "awaiting review",
  withdrawn: "withdrawn",
};

export function ScoringBadge({ status, progress }: { status: ScoringStatus; progress?: number }) {
  return (
    <span className={`${styles.status} ${SCORING_TONE[status]}`}>
      {status === "scoring" && progress !== undefined ? `scoring ${progress}%` : SCORING_LABEL[status]}
    </span>
  );
}

export function ReviewBadge({ status }: { status: ReviewStatus }) {
  return <span className={`${styles.status} ${REVIEW_TONE[status]}`}>{REVIEW_LABEL[status]}</span>;
}
