/**
 * The options of a filter's drop-down: first the empty value that leaves the filter off (named `anyLabel`), then
 * each value under its own name (server and client safe: no hooks).
 */
export function SelectOptions({ anyLabel, values }: { anyLabel: string; values: readonly string[] }) {
  return (
    <>
      <option value="">{anyLabel}</option>
      {values.map((v) => (
        <option key={v} value={v}>
          {v}
        </option>
      ))}
    </>
  );
}
