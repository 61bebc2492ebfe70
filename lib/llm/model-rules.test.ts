import { describe, expect, it } from "vitest";
import { applyRules, learnFromRefusal, rulesByName } from "./model-rules";

const body = () => ({
  model: "m",
  messages: [],
  temperature: 0,
  max_tokens: 100,
  response_format: { type: "json_schema", json_schema: { name: "x" } },
});

describe("model rules", () => {
  it("knows the reasoning families by name", () => {
    for (const m of ["o1", "o3-mini", "o4-mini-2025-04-16", "gpt-5", "gpt-5-mini", "openai/gpt-5-nano"])
      expect(rulesByName(m), m).toMatchObject({ temperature: false, tokenLimitField: "max_completion_tokens" });
    for (const m of ["gpt-4.1-mini", "gpt-5-chat-latest", "llama3.1:8b", "omni-moderation", "qwen2.5-coder"])
      expect(rulesByName(m), m).toMatchObject({ temperature: true, tokenLimitField: "max_tokens" });
  });

  it("sends only what the model accepts", () => {
    expect(applyRules(body(), rulesByName("gpt-4.1-mini"))).toEqual(body());
    const sent = applyRules(body(), { ...rulesByName("o3"), structuredOutput: "json_object" });
    expect(sent).toEqual({
      model: "m",
      messages: [],
      max_completion_tokens: 100,
      response_format: { type: "json_object" },
    });
  });

  it("learns from a 400 that names the parameter, one rule at a time", () => {
    const chat = rulesByName("fake-reasoning-1");
    const temperature = learnFromRefusal(chat, {
      error: {
        message: "Unsupported value: 'temperature' does not support 0 with this model.",
        param: "temperature",
        code: "unsupported_value",
      },
    });
    expect(temperature).toEqual({ ...chat, temperature: false });
    expect(
      learnFromRefusal(chat, {
        error: {
          message: "Unsupported parameter: 'max_tokens'. Use 'max_completion_tokens' instead.",
          param: "max_tokens",
        },
      }),
    ).toEqual({ ...chat, tokenLimitField: "max_completion_tokens" });
    expect(learnFromRefusal(chat, { error: { message: "response_format type json_schema is not supported" } })).toEqual(
      {
        ...chat,
        structuredOutput: "json_object",
      },
    );
    expect(learnFromRefusal(chat, { error: { message: "messages must not be empty" } })).toBeUndefined();
  });
});
