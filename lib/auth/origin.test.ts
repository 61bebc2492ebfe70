import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { assertSameOrigin } from "./origin";

function request(headers: Record<string, string>): Request {
  return new Request("http://probe.example/api/v1/tokens", { method: "POST", headers });
}

function refused(headers: Record<string, string>): boolean {
  try {
    assertSameOrigin(request(headers));
    return false;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(403);
    return true;
  }
}

describe("assertSameOrigin", () => {
  it("accepts an Origin naming the host the request came to", () => {
    expect(refused({ host: "probe.example", origin: "http://probe.example" })).toBe(false);
    expect(
      refused({ host: "internal:3000", "x-forwarded-host": "probe.example", origin: "https://probe.example" }),
    ).toBe(false);
    expect(refused({ host: "probe.example", origin: "http://probe.example", "sec-fetch-site": "same-origin" })).toBe(
      false,
    );
  });

  it("refuses a missing, foreign or malformed Origin", () => {
    expect(refused({ host: "probe.example" })).toBe(true);
    expect(refused({ host: "probe.example", origin: "https://evil.example" })).toBe(true);
    expect(refused({ host: "probe.example", origin: "https://probe.example.evil.example" })).toBe(true);
    expect(refused({ host: "probe.example", origin: "null" })).toBe(true);
  });

  it("refuses what the browser itself labels cross-site or same-site", () => {
    expect(refused({ host: "probe.example", origin: "http://probe.example", "sec-fetch-site": "cross-site" })).toBe(
      true,
    );
    expect(refused({ host: "probe.example", origin: "http://probe.example", "sec-fetch-site": "same-site" })).toBe(
      true,
    );
  });
});
