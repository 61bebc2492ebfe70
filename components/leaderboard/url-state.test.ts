import { describe, expect, it } from "vitest";
import { DEFAULT_STATE, parseTableState, serializeTableState, STATE_KEYS, type TableState } from "./url-state";

// The leaderboard's URL state: a shared link reproduces the view, and the plain URL stays clean.
describe("table state in the query string", () => {
  it("writes nothing for the default view", () => {
    expect(serializeTableState(DEFAULT_STATE)).toBe("");
    expect(parseTableState("")).toEqual(DEFAULT_STATE);
  });

  it("round-trips every field through the URL", () => {
    const state: TableState = {
      sort: { id: "recall", desc: true },
      q: "gpt 5",
      source: "verified",
      weights: "open",
      model: "GPT-5.6 Sol",
      organisation: "OpenAI",
      harness: "codex",
      effort: "high",
      language: "python",
      repos: ["py-pdf/pypdf", "kozea/weasyprint"],
      coverage: "subset-a",
      hidden: ["cost"],
      perPage: 50,
      page: 2,
    };
    const search = serializeTableState(state);
    const params = new URLSearchParams(search);
    expect(Object.fromEntries(params)).toEqual({
      sort: "-recall",
      q: "gpt 5",
      source: "verified",
      weights: "open",
      model: "GPT-5.6 Sol",
      org: "OpenAI",
      harness: "codex",
      effort: "high",
      lang: "python",
      repos: "kozea/weasyprint,py-pdf/pypdf",
      cov: "subset-a",
      cols: "cost",
      per: "50",
      page: "3",
    });
    expect(parseTableState(search)).toEqual({ ...state, repos: ["kozea/weasyprint", "py-pdf/pypdf"] });
    expect([...params.keys()].every((key) => STATE_KEYS.includes(key))).toBe(true);
  });

  it("falls back to defaults for malformed values and ignores foreign keys", () => {
    expect(parseTableState("?per=7&page=-3&source=both&utm_source=x")).toEqual(DEFAULT_STATE);
    expect(parseTableState("?sort=f1&cols=validity,cost")).toMatchObject({
      sort: { id: "f1", desc: false },
      hidden: ["validity", "cost"],
    });
  });
});
