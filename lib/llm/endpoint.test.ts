import { describe, expect, it } from "vitest";
import { llmEndpoint } from "./endpoint";

describe("llmEndpoint", () => {
  it("is off with neither a key nor a base URL", () => {
    expect(llmEndpoint({ OPENAI_API_KEY: undefined, OPENAI_BASE_URL: undefined })).toBeNull();
  });
  it("takes a key alone (OpenAI) or with a base URL", () => {
    expect(llmEndpoint({ OPENAI_API_KEY: "k", OPENAI_BASE_URL: undefined })).toEqual({
      apiKey: "k",
      baseURL: undefined,
    });
    expect(llmEndpoint({ OPENAI_API_KEY: "k", OPENAI_BASE_URL: "http://h/v1" })).toEqual({
      apiKey: "k",
      baseURL: "http://h/v1",
    });
  });
  it("takes a base URL alone (a local server that wants no key), with a placeholder key", () => {
    expect(llmEndpoint({ OPENAI_API_KEY: undefined, OPENAI_BASE_URL: "http://127.0.0.1:11434/v1" })).toEqual({
      apiKey: "no-key",
      baseURL: "http://127.0.0.1:11434/v1",
    });
  });
});
