import Link from "next/link";
import { SelectOptions } from "@/components/ui/select-options";
import type { RepositoryBugs } from "@/lib/server/workbench/repository-bugs";

// The reference-bug list's filters (Figure 8 of the paper): a plain GET form, so a filtered view is a shareable link
// and works without JavaScript.

const SEVERITIES = ["low", "medium", "high", "critical"];

/** One labelled drop-down of the form; "Any" (an empty value) leaves its filter off. */
function FilterSelect({
  name,
  label,
  value,
  values,
}: {
  name: string;
  label: string;
  value: string | null;
  values: readonly string[];
}) {
  return (
    <div className="field">
      <label htmlFor={`filter-${name}`}>{label}</label>
      <select id={`filter-${name}`} name={name} defaultValue={value ?? ""}>
        <SelectOptions anyLabel="Any" values={values} />
      </select>
    </div>
  );
}

/** Never found, category, trigger and severity, with a link that clears them all. */
export function ReferenceBugFilters({ view }: { view: RepositoryBugs }) {
  return (
    <form method="get" className="filters" aria-label="Filter reference bugs">
      <input type="hidden" name="benchmark" value={view.benchmark} />
      <label className="check">
        <input type="checkbox" name="never_found" value="true" defaultChecked={view.filters.never_found} /> Never found
      </label>
      <FilterSelect name="category" label="Category" value={view.filters.category} values={view.choices.categories} />
      <FilterSelect name="trigger" label="Trigger" value={view.filters.trigger} values={view.choices.triggers} />
      <FilterSelect name="severity" label="Severity" value={view.filters.severity} values={SEVERITIES} />
      <button type="submit">Filter</button>
      <Link href={`/reference-bugs/${view.repository.name}?benchmark=${encodeURIComponent(view.benchmark)}`}>
        Clear
      </Link>
    </form>
  );
}
