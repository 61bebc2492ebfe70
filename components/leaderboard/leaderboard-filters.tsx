"use client";

import type { Coverage, RepositoryInfo } from "@/lib/leaderboard/types";
import { SelectOptions } from "@/components/ui/select-options";
import { DropdownDetails } from "@/components/ui/dropdown-details";
import { COLUMN_LABELS, HIDEABLE_COLUMNS } from "./leaderboard-table";
import type { TableState } from "./url-state";
import type { ElsewhereOption, FilterOptions } from "./filter-options";

type Props = {
  state: TableState;
  options: FilterOptions;
  languages: string[];
  repositories: RepositoryInfo[];
  coverages: Coverage[];
  onChange: (patch: Partial<TableState>) => void;
  onReset: () => void;
  // false until hydration has applied the URL's state
  ready: boolean;
};

// The filters that keep one model, organisation, harness, effort or language (empty: all of them).
const OPTION_FILTERS = [
  { key: "model", label: "Model", allLabel: "All models" },
  { key: "organisation", label: "Organisation", allLabel: "All organisations" },
  { key: "harness", label: "Harness", allLabel: "All harnesses" },
  { key: "effort", label: "Effort", allLabel: "All efforts" },
  { key: "language", label: "Language", allLabel: "All languages" },
] as const;
type OptionFilter = (typeof OPTION_FILTERS)[number]["key"];

// The filters with a fixed list of choices (value, text), the first ("") leaving the filter off.
const CHOICE_FILTERS = [
  {
    key: "source",
    label: "Source",
    choices: [
      ["", "Verified and reported"],
      ["verified", "Verified only"],
      ["reported", "Reported only"],
    ],
  },
  {
    key: "weights",
    label: "Weights",
    choices: [
      ["", "Open and closed"],
      ["open", "Open weights only"],
      ["closed", "Closed or not stated"],
    ],
  },
] as const;

/** The change of one filter; a new language clears the ticked repositories, which may be of another language. */
function filterPatch(key: OptionFilter, value: string): Partial<TableState> {
  return key === "language" ? { language: value, repos: [] } : { [key]: value };
}

/** A value only rows of another "Evaluated on" choice carry is listed apart; choosing it switches to that choice. */
function Select({
  id,
  label,
  value,
  values,
  elsewhere,
  allLabel,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  values: string[];
  elsewhere: ElsewhereOption[];
  allLabel: string;
  onChange: (v: string, coverage?: string) => void;
}) {
  const pick = (v: string) => onChange(v, elsewhere.find((o) => o.value === v && !values.includes(v))?.coverage);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => pick(e.target.value)}>
        <SelectOptions anyLabel={allLabel} values={values} />
        {elsewhere.length > 0 && (
          <optgroup label="Under another “Evaluated on” choice">
            {elsewhere.map((o) => (
              <option key={o.value} value={o.value}>
                {o.value} ({o.coverageLabel})
              </option>
            ))}
          </optgroup>
        )}
      </select>
    </div>
  );
}

export function LeaderboardFilters({
  state,
  options,
  languages,
  repositories,
  coverages,
  onChange,
  onReset,
  ready,
}: Props) {
  const toggleRepo = (name: string, on: boolean) =>
    onChange({ repos: on ? [...state.repos, name] : state.repos.filter((r) => r !== name) });
  const toggleColumn = (id: string, visible: boolean) =>
    onChange({ hidden: visible ? state.hidden.filter((h) => h !== id) : [...state.hidden, id] });
  const shownRepos = repositories.filter((r) => !state.language || r.language === state.language);
  const valuesOf = {
    model: options.model,
    organisation: options.organisation,
    harness: options.harness,
    effort: options.effort,
    language: languages,
  };
  const elsewhereOf = { ...options.elsewhere, language: [] };

  return (
    <form className="filters" role="search" aria-label="Filter the leaderboard" onSubmit={(e) => e.preventDefault()}>
      {/* Disabled until the page is interactive, so a choice made while the scripts load is never silently lost. */}
      <fieldset className="filters-set" disabled={!ready}>
        <div className="field grow">
          <label htmlFor="lb-q">Search</label>
          <input
            id="lb-q"
            type="search"
            placeholder="Model, organisation, harness, effort"
            value={state.q}
            onChange={(e) => onChange({ q: e.target.value })}
          />
        </div>
        {CHOICE_FILTERS.map(({ key, label, choices }) => (
          <div key={key} className="field">
            <label htmlFor={`lb-${key}`}>{label}</label>
            <select
              id={`lb-${key}`}
              value={state[key]}
              onChange={(e) => onChange({ [key]: e.target.value } as Partial<TableState>)}
            >
              {choices.map(([choice, text]) => (
                <option key={choice} value={choice}>
                  {text}
                </option>
              ))}
            </select>
          </div>
        ))}
        {/* Organisation only where some entry states one. */}
        {OPTION_FILTERS.filter(
          (f) => f.key !== "organisation" || valuesOf.organisation.length > 0 || state.organisation,
        ).map(({ key, label, allLabel }) => (
          <Select
            key={key}
            id={`lb-${key}`}
            label={label}
            value={state[key]}
            values={valuesOf[key]}
            elsewhere={elsewhereOf[key]}
            allLabel={allLabel}
            onChange={(v, coverage) => onChange({ ...filterPatch(key, v), ...(coverage ? { coverage } : {}) })}
          />
        ))}
        {coverages.length > 1 && (
          <div className="field">
            <label htmlFor="lb-coverage">Evaluated on</label>
            <select id="lb-coverage" value={state.coverage} onChange={(e) => onChange({ coverage: e.target.value })}>
              {coverages.map((c) => (
                <option key={c.key} value={c.key}>
                  {c.label}
                </option>
              ))}
            </select>
          </div>
        )}
        <DropdownDetails summary={`Repositories: ${state.repos.length ? `${state.repos.length} selected` : "all"}`}>
          <fieldset>
            <legend>Pool recall and precision over these repositories</legend>
            {shownRepos.map((r) => (
              <label key={r.name} className="check">
                <input
                  type="checkbox"
                  name="repos"
                  value={r.name}
                  checked={state.repos.includes(r.name)}
                  onChange={(e) => toggleRepo(r.name, e.target.checked)}
                />
                {r.name} <span className="muted">{r.language}</span>
              </label>
            ))}
            {state.repos.length > 0 && (
              <button type="button" className="link" onClick={() => onChange({ repos: [] })}>
                Use all repositories
              </button>
            )}
          </fieldset>
        </DropdownDetails>
        <DropdownDetails summary="Columns">
          <fieldset>
            <legend>Visible columns</legend>
            {HIDEABLE_COLUMNS.map((id) => (
              <label key={id} className="check">
                <input
                  type="checkbox"
                  name="columns"
                  value={id}
                  checked={!state.hidden.includes(id)}
                  onChange={(e) => toggleColumn(id, e.target.checked)}
                />
                {COLUMN_LABELS[id]}
              </label>
            ))}
          </fieldset>
        </DropdownDetails>
        <div className="field actions">
          <button type="button" onClick={onReset}>
            Reset view
          </button>
        </div>
      </fieldset>
    </form>
  );
}
