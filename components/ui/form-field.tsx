import type { InputHTMLAttributes, ReactNode } from "react";
import styles from "./forms.module.css";

type InputProps = InputHTMLAttributes<HTMLInputElement>;

/**
 * A control (input, select) with its name above it. The label wraps the control, so it names it without an id;
 * `quiet` names a part of a group (a budget's USD, tokens, minutes) in the muted hint style.
 */
export function LabelledField({
  label,
  quiet = false,
  children,
}: {
  label: ReactNode;
  quiet?: boolean;
  children: ReactNode;
}) {
  return (
    <label className={styles.field}>
      <span className={quiet ? styles.hint : styles.label}>{label}</span>
      {children}
    </label>
  );
}

/** A text, number, email or password input of the account, admin and sign-in screens, named by the label above it. */
export function LabelledInput({ label, quiet, ...input }: InputProps & { label: ReactNode; quiet?: boolean }) {
  return (
    <LabelledField label={label} quiet={quiet}>
      <input className={styles.input} {...input} />
    </LabelledField>
  );
}

/**
 * An input with a hint below that describes it (or says what is wrong with it), so a screen reader reads the hint
 * with the field while the label alone names it. The hint's id is the input's id with "-hint".
 */
export function HintedInput({
  id,
  label,
  hint,
  invalid = false,
  ...input
}: InputProps & { id: string; label: ReactNode; hint: ReactNode; invalid?: boolean }) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={`${id}-hint`}
        {...input}
      />
      <span id={`${id}-hint`} className={styles.hint}>
        {hint}
      </span>
    </div>
  );
}

/** A short input in a row of actions (a search box, a new token's name); with no label above it, pass aria-label. */
export function InlineInput(props: InputProps) {
  return <input className={styles.input} style={{ maxWidth: 320 }} {...props} />;
}

/** A form's main button, which sends it. */
export function SubmitButton({ disabled, children }: { disabled: boolean; children: ReactNode }) {
  return (
    <button type="submit" className={`${styles.button} ${styles.primary}`} disabled={disabled}>
      {children}
    </button>
  );
}
