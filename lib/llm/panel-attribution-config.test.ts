import { describe, expect, it } from "vitest";
import { readAttributionModel, readPanelConfig } from "./panel-attribution-config";

const base = {
  OPENAI_API_KEY: undefined,
  OPENAI_BASE_URL: undefined,
  PANEL_JUDGE_MODELS: [] as string[],
  PANEL_TIER2_MODEL: undefined,
  PANEL_CONTEXT_MODEL: undefined,
  JUDGE_MODEL: "gpt-4.1-mini",
  ATTRIBUTION_MODEL: undefined,
};

describe("offline behaviour of the panel and attribution", () => {
  it("refuses the panel and names every missing setting", () => {
    const result = readPanelConfig(base);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.message).toContain(
        "OPENAI_API_KEY (or OPENAI_BASE_URL alone for a local server, or PANEL_BASE_URL), PANEL_JUDGE_MODELS, PANEL_TIER2_MODEL",
      );
    const noTier2 = readPanelConfig({ ...base, OPENAI_API_KEY: "k", PANEL_JUDGE_MODELS: ["a", "b"] });
    expect(noTier2.ok ? "" : noTier2.message).toMatch(/set PANEL_TIER2_MODEL \(/);
  });
  it("refuses one judge, the same judge twice, three judges, and a tier 2 judge that is also a tier 1 judge", () => {
    const ok = { ...base, OPENAI_API_KEY: "k", PANEL_TIER2_MODEL: "c" };
    const one = readPanelConfig({ ...ok, PANEL_JUDGE_MODELS: ["a"] });
    expect(one).toEqual({
      ok: false,
      message: expect.stringContaining(
        "exactly two distinct tier 1 judges in PANEL_JUDGE_MODELS; it has only one distinct model (a)",
      ),
    });
    const twice = readPanelConfig({ ...ok, PANEL_JUDGE_MODELS: ["a", "a"] });
    expect(twice.ok ? "" : twice.message).toContain("only one distinct model (a)");
    const three = readPanelConfig({ ...ok, PANEL_JUDGE_MODELS: ["a", "b", "d"] });
    expect(three.ok ? "" : three.message).toContain("it has 3 models (a, b, d)");
    const overlap = readPanelConfig({ ...ok, PANEL_JUDGE_MODELS: ["a", "c"] });
    expect(overlap.ok ? "" : overlap.message).toContain("PANEL_TIER2_MODEL (c) is also in PANEL_JUDGE_MODELS");
  });
  it("uses the configured judges, and the judge model for context documents by default", () => {
    expect(
      readPanelConfig({ ...base, OPENAI_API_KEY: "k", PANEL_JUDGE_MODELS: ["a", "b"], PANEL_TIER2_MODEL: "c" }),
    ).toEqual({ ok: true, config: { judges: ["a", "b"], tier2Judge: "c", contextModel: "gpt-4.1-mini" } });
  });
  it("attribution needs an API key and defaults to the judge model", () => {
    expect(readAttributionModel(base).ok).toBe(false);
    expect(readAttributionModel({ ...base, OPENAI_API_KEY: "k" })).toEqual({ ok: true, model: "gpt-4.1-mini" });
    // A local OpenAI-compatible server (vLLM, llama.cpp, Ollama) needs no key.
    expect(readAttributionModel({ ...base, OPENAI_BASE_URL: "http://127.0.0.1:11434/v1" }).ok).toBe(true);
  });
});
