import { describe, expect, it } from "vitest";
import { MODEL_ROLES, llmEndpoint, roleEndpoint } from "./endpoint";

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

describe("roleEndpoint", () => {
  const openai = { OPENAI_API_KEY: "sk-main", OPENAI_BASE_URL: undefined };

  it("gives every role the OPENAI_* endpoint and LLM_RPM / LLM_TPM when it names none of its own", () => {
    const e = { ...openai, LLM_RPM: 500, LLM_TPM: 200_000 };
    for (const role of MODEL_ROLES)
      expect(roleEndpoint(role, e)).toEqual({
        role,
        apiKey: "sk-main",
        baseURL: undefined,
        resolvedBaseURL: "https://api.openai.com/v1",
        limits: { rpm: 500, tpm: 200_000 },
      });
    expect(roleEndpoint("panel", { OPENAI_API_KEY: undefined, OPENAI_BASE_URL: undefined })).toBeNull();
  });

  it("takes a role's own base URL, key and limits; the others keep theirs", () => {
    const e = {
      ...openai,
      LLM_RPM: 500,
      JUDGE_BASE_URL: "http://10.0.0.5:8000/v1/",
      JUDGE_API_KEY: "local",
      JUDGE_RPM: 60,
      EMBEDDING_BASE_URL: "http://127.0.0.1:11434/v1",
    };
    expect(roleEndpoint("judge", e)).toMatchObject({
      apiKey: "local",
      resolvedBaseURL: "http://10.0.0.5:8000/v1",
      limits: { rpm: 60 },
    });
    // A base URL without its own key takes OPENAI_API_KEY (set EMBEDDING_API_KEY for a server that must not see it);
    // that is another account, which neither LLM_RPM nor JUDGE_RPM limits: its limits are learned from its replies.
    expect(roleEndpoint("embedding", e)).toMatchObject({ apiKey: "sk-main", limits: {} });
    expect(roleEndpoint("attribution", e)).toMatchObject({ baseURL: undefined, limits: { rpm: 500 } });
  });

  it("gives roles on one endpoint and key one budget (the smallest named), and roles on others their own", () => {
    const e = {
      ...openai,
      LLM_TPM: 400_000,
      PANEL_TPM: 100_000,
      ATTRIBUTION_RPM: 30,
      // The agents' key differs: another account, whatever the URL.
      AUDIT_API_KEY: "sk-agents",
      AUDIT_RPM: 900,
    };
    const shared = { rpm: 30, tpm: 100_000 };
    expect(roleEndpoint("judge", e)?.limits).toEqual(shared);
    expect(roleEndpoint("panel", e)?.limits).toEqual(shared);
    expect(roleEndpoint("attribution", e)?.limits).toEqual(shared);
    expect(roleEndpoint("agent", e)?.limits).toEqual({ rpm: 900 });
    // The same URL written with a trailing slash is the same account.
    const slash = { ...e, OPENAI_BASE_URL: "https://api.openai.com/v1", PANEL_BASE_URL: "https://api.openai.com/v1/" };
    expect(roleEndpoint("judge", slash)?.limits).toEqual(shared);
  });
});
