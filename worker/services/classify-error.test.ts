import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { JudgeReplyError } from "../../lib/llm/judge";
import { classifyScoringError } from "./classify-error";

// How a scoring failure is reported and whether the job is retried (STYLE.md habit 5): what cannot succeed later
// (bad key, missing model, bad replies) stops at once with a message for the submitter; the rest is retried.
const apiError = (status: number) => OpenAI.APIError.generate(status, { error: { message: `upstream said ${status}` } }, undefined, new Headers());

describe("classifyScoringError", () => {
  it("stops on a rejected key (401, 403) without leaking the endpoint's text", () => {
    for (const status of [401, 403]) {
      const result = classifyScoringError(apiError(status));
      expect(result).toEqual({ permanent: true, message: "The judge endpoint rejected the configured API key." });
    }
  });

  it("stops on a missing model or endpoint (404) and names the settings to check", () => {
    const result = classifyScoringError(apiError(404));
    expect(result.permanent).toBe(true);
    expect(result.message).toMatch(/JUDGE_MODEL and OPENAI_BASE_URL/);
    expect(result.message).not.toMatch(/upstream said/);
  });

  it("retries rate limits, server errors and timeouts", () => {
    expect(classifyScoringError(apiError(429))).toMatchObject({ permanent: false, message: expect.stringContaining("HTTP 429") });
    expect(classifyScoringError(apiError(503))).toMatchObject({ permanent: false });
    expect(classifyScoringError(new OpenAI.APIConnectionTimeoutError())).toMatchObject({ permanent: false, message: expect.stringContaining("timeout") });
  });

  it("stops on malformed judge replies and other client errors; retries what it does not know, saying nothing internal", () => {
    expect(classifyScoringError(new JudgeReplyError("not JSON"))).toMatchObject({ permanent: true });
    expect(classifyScoringError(apiError(400))).toEqual({ permanent: true, message: "The judge endpoint refused the request (HTTP 400)." });
    const unknown = classifyScoringError(new Error("connection string postgres://secret@db"));
    expect(unknown).toEqual({ permanent: false, message: "Scoring failed because of an internal error; it will be retried." });
  });
});
