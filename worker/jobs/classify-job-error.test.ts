import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { JudgeReplyError } from "../../lib/llm/judge";
import { PermanentJobError } from "./job-failure";
import { undecidedPairsError } from "../features/scoring/score-submission";
import {
  classifyAttributionError,
  classifyAuditError,
  classifyPanelError,
  classifyScoringError,
} from "./classify-job-error";

// How a job failure is reported and whether the job is retried: what cannot succeed later (bad key, missing model,
// bad replies, the feature's own input errors) stops at once with a message for the user; the rest is retried.
const apiError = (status: number) =>
  OpenAI.APIError.generate(status, { error: { message: `upstream said ${status}` } }, undefined, new Headers());

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
    expect(classifyScoringError(apiError(429))).toEqual({
      permanent: false,
      message: "The judge endpoint is unavailable (HTTP 429); scoring will be retried.",
    });
    expect(classifyScoringError(apiError(503))).toMatchObject({ permanent: false });
    expect(classifyScoringError(new OpenAI.APIConnectionTimeoutError())).toEqual({
      permanent: false,
      message: "The judge endpoint is unavailable (timeout or connection error); scoring will be retried.",
    });
  });

  it("stops on malformed judge replies, undecided pairs, bad vectors and other client errors; retries what it does not know, saying nothing internal", () => {
    expect(classifyScoringError(new JudgeReplyError("not JSON"))).toEqual({
      permanent: true,
      message: "The judge model did not return the required {match, rationale} JSON.",
    });
    expect(classifyScoringError(undecidedPairsError(3))).toMatchObject({
      permanent: true,
      message: expect.stringMatching(/^3 candidate pair\(s\) stayed undecided/),
    });
    const vector = new PermanentJobError("The embedding provider returned an invalid vector.", "dimension 3 != 8");
    expect(classifyScoringError(vector)).toEqual({
      permanent: true,
      message: "The embedding provider returned an invalid vector.",
    });
    expect(classifyScoringError(apiError(400))).toEqual({
      permanent: true,
      message: "The judge endpoint refused the request (HTTP 400).",
    });
    const unknown = classifyScoringError(new Error("connection string postgres://secret@db"));
    expect(unknown).toEqual({
      permanent: false,
      message: "Scoring failed because of an internal error; it will be retried.",
    });
  });
});

describe("the last attempt", () => {
  it("says the work stopped and what the user can do, never that it will be retried", () => {
    const last = { last: true };
    expect(classifyScoringError(new OpenAI.APIConnectionTimeoutError(), last)).toEqual({
      permanent: false,
      message:
        "The judge endpoint was still unavailable (timeout or connection error) at the last attempt, so scoring stopped. Submit the findings file again later; if it keeps failing, tell the site's admins.",
    });
    expect(classifyScoringError(new Error("boom"), last).message).toMatch(/^Scoring failed .* so it stopped\. Submit/);
    expect(classifyPanelError(apiError(503), last).message).toBe(
      "The LLM endpoint was still unavailable (HTTP 503) at the last attempt, so panel validation stopped. An admin can start it again from the submission page; answers already stored are kept.",
    );
    expect(classifyAttributionError(new Error("boom"), last).message).toMatch(/so it stopped\. An admin can start/);
    for (const classify of [classifyScoringError, classifyPanelError, classifyAttributionError, classifyAuditError])
      for (const error of [apiError(429), apiError(502), new OpenAI.APIConnectionTimeoutError(), new Error("x")])
        expect(classify(error, last).message).not.toMatch(/retried/);
  });
});

describe("classifyPanelError and classifyAttributionError", () => {
  it("name the feature in transient and internal messages", () => {
    expect(classifyPanelError(apiError(502))).toEqual({
      permanent: false,
      message: "The LLM endpoint is unavailable (HTTP 502); panel validation will be retried.",
    });
    expect(classifyAttributionError(new Error("boom"))).toEqual({
      permanent: false,
      message: "Bug-type attribution failed because of an internal error; it will be retried.",
    });
  });

  it("stop on the feature's input errors with their own message, on a rejected key and on malformed replies", () => {
    expect(classifyPanelError(new PermanentJobError("The sample is empty."))).toEqual({
      permanent: true,
      message: "The sample is empty.",
    });
    expect(classifyAttributionError(new PermanentJobError("No reference bugs."))).toEqual({
      permanent: true,
      message: "No reference bugs.",
    });
    expect(classifyAttributionError(apiError(401))).toEqual({
      permanent: true,
      message: "The LLM endpoint rejected the configured API key.",
    });
    expect(classifyPanelError(apiError(404)).message).toMatch(/PANEL_JUDGE_MODELS/);
    expect(classifyPanelError(new JudgeReplyError("x"))).toMatchObject({
      permanent: true,
      message: expect.stringMatching(/^Panel validation stopped/),
    });
  });
});

describe("classifyAuditError", () => {
  it("retries an unavailable model endpoint and unknown errors; stops on key, model and refused requests", () => {
    expect(classifyAuditError(apiError(429))).toEqual({
      permanent: false,
      message: "The model endpoint was unavailable (timeout, 429 or 5xx).",
    });
    expect(classifyAuditError(new Error("ENOENT /var/lib/secret"))).toEqual({
      permanent: false,
      message: "The pass failed because of an internal error.",
    });
    expect(classifyAuditError(apiError(403))).toEqual({
      permanent: true,
      message: "The model endpoint rejected the configured API key.",
    });
    expect(classifyAuditError(apiError(404))).toEqual({
      permanent: true,
      message: "The model or endpoint was not found; check the model name and base URL.",
    });
    expect(classifyAuditError(apiError(422))).toEqual({
      permanent: true,
      message: "The model endpoint refused the request (HTTP 422).",
    });
  });
});
