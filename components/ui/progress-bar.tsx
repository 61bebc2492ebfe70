import styles from "./ui.module.css";

/** How far a job has got (0 to 100), as a bar with its value for screen readers; pages that follow a job share it. */
export function ProgressBar({ label, percent }: { label: string; percent: number }) {
  return (
    <div
      className={styles.progress}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <div className={styles.progressBar} style={{ width: `${percent}%` }} />
    </div>
  );
}
