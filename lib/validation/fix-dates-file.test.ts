import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { parseFixDatesText } from "./fix-dates-file";

describe("a fix-dates file's text", () => {
  it("parses a valid file", () => {
    const file = parseFixDatesText(
      JSON.stringify({ fix_dates: [{ repo: "acme/parser", id: "P1", fixed_at: "2025-09-14T10:22:00Z" }] }),
    );
    expect(file.fix_dates).toEqual([{ repo: "acme/parser", id: "P1", fixed_at: "2025-09-14T10:22:00Z" }]);
  });

  it("refuses more than 200,000 rows in the scan, before anything is built", () => {
    const text = `{"fix_dates":[${Array(200_001).fill("{}").join(",")}]}`;
    let error: unknown;
    try {
      parseFixDatesText(text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toMatch(/more than 200,000 fix dates/);
    expect((error as AppError).issues.map((i) => i.path)).toEqual(["fix_dates"]);
  });

  it("refuses a wide or deep row in the scan", () => {
    const wide = `{"fix_dates":[{${Array.from({ length: 100 }, (_, i) => `"k${i}":0`).join(",")}}]}`;
    expect(() => parseFixDatesText(wide)).toThrow(/more than 16 keys/);
    expect(() => parseFixDatesText(`{"fix_dates":[${"[".repeat(20)}${"]".repeat(20)}]}`)).toThrow(/nested too deeply/);
  });
});
