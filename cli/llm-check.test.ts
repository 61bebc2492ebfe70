// `probebench llm check` against the local fake OpenAI server (tests/support/fake-openai.ts) playing the endpoints it
// meets: OpenAI with limit headers and a reasoning model, a server without json_schema, a local server that sends no
// limit headers, a wrong key, an unknown model and a used-up quota. No database, no Redis.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "../lib/env";
import { checkModelEndpoints, type RoleCheck } from "../lib/llm/endpoint-check";
import { startFakeOpenAi } from "../tests/support/fake-openai";
import { runCli } from "../tests/support/cli";
import { EXIT_CODES } from "./exit-codes";
import { formatLlmCheck, llmCheckExitCode } from "./format-llm-check";

type Fake = Awaited<ReturnType<typeof startFakeOpenAi>>;
let openai: Fake;
let local: Fake;
let broke: Fake;

beforeAll(async () => {
  [openai, local, broke] = await Promise.all([startFakeOpenAi(), startFakeOpenAi(), startFakeOpenAi()]);
  // OpenAI's headers on every answer: 500 requests and 200,000 tokens a minute.
  Object.assign(openai.control, { rpm: 500, tpm: 200_000 });
  Object.assign(broke.control, { quotaExhausted: true });
});
afterAll(async () => {
  await Promise.all([openai?.close(), local?.close(), broke?.close()]);
});

const role = (roles: RoleCheck[], name: string) => roles.find((r) => r.role === name)!;

describe("llm check", () => {
  it("reports what each role's models take and the limits their replies name, and shares accounts", async () => {
    const env = parseEnv({
      OPENAI_API_KEY: "test-key",
      OPENAI_BASE_URL: openai.url,
      LLM_RPM: "100",
      JUDGE_MODEL: "fake-reasoning-o3",
      PANEL_JUDGE_MODELS: "fake-no-schema-1,fake-model-2",
      PANEL_TIER2_MODEL: "fake-model-3",
      PANEL_TPM: "50000",
      // A local server (vLLM / Ollama style): no limit headers.
      ATTRIBUTION_BASE_URL: `${local.url}/`,
      ATTRIBUTION_API_KEY: "test-key",
      ATTRIBUTION_MODEL: "qwen2.5-coder:14b",
      EMBEDDING_BASE_URL: local.url,
      EMBEDDING_API_KEY: "test-key",
    });
    const report = await checkModelEndpoints(env, { agentModels: ["fake-model-agent"] });
    expect(report.ok).toBe(true);
    expect(llmCheckExitCode(report)).toBe(EXIT_CODES.ok);

    const judge = role(report.roles, "judge");
    expect(judge).toMatchObject({ endpoint: openai.url, account: "A", keyVariable: "OPENAI_API_KEY" });
    // The judge and the panel share the OPENAI_* account: one budget, the smallest limits either names.
    expect(judge.configuredLimits).toEqual({ rpm: 100, tpm: 50_000 });
    expect(judge.models).toEqual([
      expect.objectContaining({
        model: "fake-reasoning-o3",
        result: "ok",
        temperature: false,
        tokenLimitField: "max_completion_tokens",
        structuredOutput: "json_schema",
        learned: ["no temperature", "max_completion_tokens"],
        limits: expect.objectContaining({ limitRequests: 500, limitTokens: 200_000 }),
      }),
    ]);
    const panel = role(report.roles, "panel");
    expect(panel.account).toBe("A");
    expect(panel.models.map((m) => [m.model, m.temperature, m.structuredOutput])).toEqual([
      ["fake-no-schema-1", true, "json_object"],
      ["fake-model-2", true, "json_schema"],
      ["fake-model-3", true, "json_schema"],
      ["fake-reasoning-o3", false, "json_schema"],
    ]);

    // Attribution and embeddings on the local server: another account, no headers, nothing configured.
    const attribution = role(report.roles, "attribution");
    expect(attribution).toMatchObject({ endpoint: local.url, account: "B", configuredLimits: {} });
    expect(attribution.models[0]).toMatchObject({ result: "ok", limits: {}, learned: [] });
    expect(role(report.roles, "embedding")).toMatchObject({ account: "B" });
    expect(role(report.roles, "embedding").models[0]).toMatchObject({ kind: "embeddings", result: "ok" });
    expect(role(report.roles, "embedding").models[0]!.dimensions).toBeGreaterThan(0);
    expect(role(report.roles, "agent").models[0]).toMatchObject({ model: "fake-model-agent", result: "ok" });

    const text = formatLlmCheck(report);
    expect(text).toMatch(/judge\s+\S+\s+A\s+fake-reasoning-o3\s+ok\s+no\*\s+max_completion_tokens\*\s+json_schema/);
    expect(text).toContain("500 rpm, 200000 tpm");
    expect(text).toContain("Every configured role can call its models.");
  });

  it("fails on a wrong key, an unknown model and a used-up quota, each with its own message", async () => {
    const env = parseEnv({
      OPENAI_API_KEY: "test-key",
      OPENAI_BASE_URL: openai.url,
      JUDGE_API_KEY: "sk-wrong",
      ATTRIBUTION_MODEL: "fake-missing-model",
      PANEL_BASE_URL: broke.url,
      PANEL_JUDGE_MODELS: "fake-model-1,fake-model-2",
      PANEL_TIER2_MODEL: "fake-model-3",
    });
    const report = await checkModelEndpoints(env);
    expect(report.ok).toBe(false);
    expect(llmCheckExitCode(report)).toBe(EXIT_CODES.auth);
    expect(role(report.roles, "judge").models[0]).toMatchObject({
      result: "unauthorized",
      status: 401,
      message: expect.stringMatching(/401: the endpoint refused the key .*; check JUDGE_API_KEY$/),
    });
    expect(role(report.roles, "attribution").models[0]).toMatchObject({
      result: "model_not_found",
      status: 404,
      message: expect.stringMatching(/no model "fake-missing-model".*; check ATTRIBUTION_MODEL$/),
    });
    expect(role(report.roles, "panel").models[0]).toMatchObject({
      result: "insufficient_quota",
      status: 429,
      message: expect.stringContaining("quota is used up"),
    });
    expect(role(report.roles, "embedding").state).toBe("not_configured");
    expect(formatLlmCheck(report)).toContain("Some roles cannot call their models");
  });

  it("says so when no role has an endpoint, instead of that every role can call its models", async () => {
    const report = await checkModelEndpoints(parseEnv({}));
    expect(llmCheckExitCode(report)).toBe(0);
    expect(formatLlmCheck(report)).toMatch(/No role has a model endpoint, so nothing was called/);
  });

  it("runs as `npx probebench llm check --json` with the exit code of the failure", async () => {
    const none = { PANEL_JUDGE_MODELS: "", PANEL_TIER2_MODEL: "", EMBEDDING_PROVIDER: "offline", AUDIT_API_KEY: "" };
    const result = await runCli(
      ["llm", "check", "--json"],
      { ...none, OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: broke.url, JUDGE_MODEL: "fake-model" },
      { cwd: mkdtempSync(path.join(tmpdir(), "llm-check-")) },
    );
    expect(result.code).toBe(EXIT_CODES.rate_limited);
    const report = JSON.parse(result.stdout) as { ok: boolean; roles: RoleCheck[] };
    expect(report.ok).toBe(false);
    expect(role(report.roles, "judge").models[0]!.result).toBe("insufficient_quota");
  });
});
