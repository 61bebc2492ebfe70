import styles from "@/components/ui/forms.module.css";

/** A group of checkboxes over a fixed list, kept in the list's order (so a request and the page read the same way). */
export function CheckboxGroup<T extends string>({
  legend,
  name,
  choices,
  checked,
  labels,
  onChange,
}: {
  legend: string;
  name: string;
  choices: readonly T[];
  checked: readonly T[];
  labels: Record<T, string>;
  onChange: (next: T[]) => void;
}) {
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <legend className={styles.label} style={{ marginBottom: 6 }}>
        {legend}
      </legend>
      <div className={styles.field}>
        {choices.map((choice) => (
          <label key={choice}>
            <input
              type="checkbox"
              name={name}
              value={choice}
              checked={checked.includes(choice)}
              onChange={(e) => onChange(choices.filter((c) => (c === choice ? e.target.checked : checked.includes(c))))}
            />{" "}
            <code>{choice}</code> <span className={styles.hint}>{labels[choice]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
