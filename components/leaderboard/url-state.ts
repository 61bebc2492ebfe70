// The leaderboard's table state, kept in the query string so a filtered, sorted view can be shared. Only values
// that differ from the defaults are written, so the plain page URL stays clean. The benchmark version is part of the
// path (each version is its own cached page), never of this state.

export type TableState = {
  sort: { id: string; desc: boolean } | null;
  q: string;
  source: "" | "verified" | "reported";
  model: string;
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

export const PAGE_SIZES = [20, 50, 100, 0];
export const DEFAULT_PER_PAGE = 20;

export const DEFAULT_HIDDEN: string[] = [];

export const DEFAULT_STATE: TableState = {
  sort: null,
  q: "",
  source: "",
  model: "",
  harness: "",
  effort: "",
  language: "",
  repos: [],
  coverage: "full",
  hidden: DEFAULT_HIDDEN,
  perPage: DEFAULT_PER_PAGE,
  page: 0,
};

/** Query keys this state owns; the page's inline script looks for them before hydration. */
export const STATE_KEYS = ["sort", "q", "source", "model", "harness", "effort", "lang", "repos", "cov", "cols", "per", "page"];

const list = (v: string | null) => (v ? v.split(",").map((s) => s.trim()).filter(Boolean) : []);

export function parseTableState(search: string): TableState {
  const p = new URLSearchParams(search);
  const sort = p.get("sort");
  const source = p.get("source");
  const cols = p.get("cols");
  return {
    sort: sort ? { id: sort.replace(/^-/, ""), desc: sort.startsWith("-") } : null,
    q: p.get("q") ?? "",
    source: source === "verified" || source === "reported" ? source : "",
    model: p.get("model") ?? "",
    harness: p.get("harness") ?? "",
    effort: p.get("effort") ?? "",
    language: p.get("lang") ?? "",
    repos: list(p.get("repos")),
    coverage: p.get("cov") ?? "full",
    // `cols` lists hidden columns; "-" means "none hidden" (differs from the default).
    hidden: cols === null ? DEFAULT_HIDDEN : cols === "-" ? [] : list(cols),
    perPage: PAGE_SIZES.includes(Number(p.get("per") ?? DEFAULT_PER_PAGE)) ? Number(p.get("per") ?? DEFAULT_PER_PAGE) : DEFAULT_PER_PAGE,
    page: Math.max(0, Math.floor(Number(p.get("page") ?? 1) - 1) || 0),
  };
}

export function serializeTableState(state: TableState): string {
  const p = new URLSearchParams();
  if (state.sort) p.set("sort", `${state.sort.desc ? "-" : ""}${state.sort.id}`);
  if (state.q) p.set("q", state.q);
  if (state.source) p.set("source", state.source);
  if (state.model) p.set("model", state.model);
  if (state.harness) p.set("harness", state.harness);
  if (state.effort) p.set("effort", state.effort);
  if (state.language) p.set("lang", state.language);
  if (state.repos.length) p.set("repos", [...state.repos].sort().join(","));
  if (state.coverage !== "full") p.set("cov", state.coverage);
  const hidden = [...state.hidden].sort();
  if (hidden.join(",") !== [...DEFAULT_HIDDEN].sort().join(",")) p.set("cols", hidden.length ? hidden.join(",") : "-");
  if (state.perPage !== DEFAULT_PER_PAGE) p.set("per", String(state.perPage));
  if (state.page > 0) p.set("page", String(state.page + 1));
  const text = p.toString();
  return text ? `?${text}` : "";
}

/** Whether the state changes which numbers are computed (and so needs the API), not only which rows are shown. */
export function scopeKey(state: Pick<TableState, "language" | "repos">): string {
  return `${state.language}|${[...state.repos].sort().join(",")}`;
}
