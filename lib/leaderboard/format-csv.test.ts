import { describe, expect, it } from "vitest";
import { toCsv } from "./format-csv";

// Spreadsheets run a cell as a formula when it starts with = + - @, and some also after a leading tab or carriage
// return (OWASP "CSV injection"); such text cells get a leading apostrophe so they stay text.
const line = (value: string | number) => toCsv(["v"], [[value]]).split("\r\n")[1];

describe("toCsv formula guard", () => {
  it.each(["=1+1", "+1", "-1", "@SUM(A1)"])("prefixes a text cell starting with %j", (text) => {
    expect(line(text)).toBe(`'${text}`);
  });

  it("prefixes a text cell starting with a tab", () => {
    expect(line("\t=cmd|' /C calc'!A0")).toBe("'\t=cmd|' /C calc'!A0");
  });

  it("prefixes a text cell starting with a carriage return, and quotes it", () => {
    expect(line("\r=1+1")).toBe(`"'\r=1+1"`);
  });

  it("leaves numbers, inner tabs and ordinary text alone", () => {
    expect(line(-0.5)).toBe("-0.5");
    expect(line("a\tb")).toBe("a\tb");
    expect(line("GPT-5 (high)")).toBe("GPT-5 (high)");
  });

  it("doubles quotes and quotes cells with commas and line breaks", () => {
    expect(line('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"');
  });
});
