import {
  createLoader,
  createParser,
  createSerializer,
  parseAsNumberLiteral,
  parseAsString,
  parseAsStringLiteral,
} from "nuqs/server";

// The leaderboard's table state, kept in the query string by nuqs so a filtered, sorted view can be shared. Only
// values that differ from the defaults are written (nuqs clears a key set to its default), so the plain page URL
// stays clean. The benchmark version is part of the path (each version is its own cached page), never of this state.
// Imported from "nuqs/server", the entry without "use client", so the server page can read the defaults too.

export type TableState = {
  sort: { id: string; desc: boolean } | null;
  q: string;
  source: "" | "verified" | "reported";
  /** The submitter's open-weights statement: "" any, "open", or "closed" (stated closed or not stated). */
  weights: "" | "open" | "closed";
  model: string;
  /** The organisation the submitter stated for the model ("" any). */
  organisation: string;
  harness: string;
  effort: string;
  language: string;
  repos: string[];
  coverage: string;
  hidden: string[];
  /** Rows per page (0 = all) and the 0-based page shown. */
  perPage: number;
  page: number;
};

export const PAGE_SIZES = [20, 50, 100, 0] as const;
export const DEFAULT_PER_PAGE = 20;

// The fix-rank contamination column (§C.4) and the recall after each model's knowledge cut-off are for readers who
// look for them: hidden until chosen.
const DEFAULT_HIDDEN: string[] = ["contamination", "post_cutoff"];

export const DEFAULT_STATE: TableState = {
  sort: null,
  q: "",
  source: "",
  weights: "",
  model: "",
  organisation: "",
  harness: "",
  effort: "",
  language: "",
  repos: [],
  coverage: "full",
  hidden: DEFAULT_HIDDEN,
  perPage: DEFAULT_PER_PAGE,
  page: 0,
};

const list = (v: string) =>
  v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
const sameList = (a: string[], b: string[]) =>
  a.length === b.length && [...a].sort().every((v, i) => v === [...b].sort()[i]);

// "-recall" sorts recall descending.
const parseAsSort = createParser<{ id: string; desc: boolean }>({
  parse: (v) => (v.replace(/^-/, "") ? { id: v.replace(/^-/, ""), desc: v.startsWith("-") } : null),
  serialize: (s) => `${s.desc ? "-" : ""}${s.id}`,
  eq: (a, b) => a.id === b.id && a.desc === b.desc,
});

// A sorted comma list, so one view has one URL.
const parseAsList = createParser<string[]>({ parse: list, serialize: (v) => [...v].sort().join(","), eq: sameList });

// `cols` lists hidden columns; "-" means "none hidden" (which differs from the default).
const parseAsHidden = createParser<string[]>({
  parse: (v) => (v === "-" ? [] : list(v)),
  serialize: (v) => (v.length ? [...v].sort().join(",") : "-"),
  eq: sameList,
});

// The URL counts pages from 1, the state from 0.
const parseAsPage = createParser<number>({
  parse: (v) => {
    const page = Math.floor(Number(v) - 1);
    return Number.isFinite(page) && page >= 0 ? page : null;
  },
  serialize: (page) => String(page + 1),
});

export const tableStateParsers = {
  sort: parseAsSort,
  q: parseAsString.withDefault(""),
  source: parseAsStringLiteral(["", "verified", "reported"] as const).withDefault(""),
  weights: parseAsStringLiteral(["", "open", "closed"] as const).withDefault(""),
  model: parseAsString.withDefault(""),
  organisation: parseAsString.withDefault(""),
  harness: parseAsString.withDefault(""),
  effort: parseAsString.withDefault(""),
  language: parseAsString.withDefault(""),
  repos: parseAsList.withDefault([]),
  coverage: parseAsString.withDefault("full"),
  hidden: parseAsHidden.withDefault(DEFAULT_HIDDEN),
  perPage: parseAsNumberLiteral(PAGE_SIZES).withDefault(DEFAULT_PER_PAGE),
  page: parseAsPage.withDefault(0),
};

/** Query keys of the state's fields, where they differ from the field names (short, stable URLs). */
export const tableStateUrlKeys = {
  language: "lang",
  organisation: "org",
  coverage: "cov",
  hidden: "cols",
  perPage: "per",
} as const;

/** Query keys this state owns; the page's inline script looks for them before hydration. */
export const STATE_KEYS: string[] = Object.keys(tableStateParsers).map(
  (key) => tableStateUrlKeys[key as keyof typeof tableStateUrlKeys] ?? key,
);

const loadTableState = createLoader(tableStateParsers, { urlKeys: tableStateUrlKeys });
const serializer = createSerializer(tableStateParsers, { urlKeys: tableStateUrlKeys });

/** The state a query string describes (unknown or malformed values fall back to their defaults). */
export function parseTableState(search: string): TableState {
  return loadTableState(search) as TableState;
}

/** The query string of a state ("" for the default view), as the page writes it. */
export function serializeTableState(state: TableState): string {
  return serializer({ ...state, perPage: state.perPage as (typeof PAGE_SIZES)[number] });
}

/** Whether the state changes which numbers are computed (and so needs the API), not only which rows are shown. */
export function scopeKey(state: Pick<TableState, "language" | "repos">): string {
  return `${state.language}|${[...state.repos].sort().join(",")}`;
}
