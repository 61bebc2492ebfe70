import { CommanderError } from "commander";
import { describe, expect, it } from "vitest";
import { ApiError } from "../lib/api-client";
import { AppError } from "../lib/errors";
import { AuthError, EXIT_CODES, FileError, UsageError, describeCliError, formatCliError } from "./exit-codes";
import { normaliseServerUrl } from "./server-url";

describe("describeCliError", () => {
  it("gives each kind of failure its own exit code", () => {
    const code = (e: unknown) => describeCliError(e)?.error.exit_code;
    expect(code(new UsageError("bad flag"))).toBe(EXIT_CODES.usage);
    expect(code(new CommanderError(1, "commander.unknownOption", "error: unknown option '--x'"))).toBe(2);
    expect(code(new AuthError("no token"))).toBe(3);
    expect(code(new ApiError(401, "revoked"))).toBe(3);
    expect(code(new ApiError(403, "scope"))).toBe(3);
    expect(code(new ApiError(0, "Cannot reach"))).toBe(4);
    expect(code(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }))).toBe(4);
    expect(code(Object.assign(new Error("Can't reach database server"), { code: "P1001" }))).toBe(4);
    expect(code(new FileError("is a directory"))).toBe(5);
    expect(code(new AppError("invalid_input", "The findings file is invalid"))).toBe(5);
    expect(code(new ApiError(422, "refused"))).toBe(5);
    expect(code(new ApiError(413, "too large"))).toBe(5);
    expect(code(new ApiError(404, "not found"))).toBe(7);
    expect(code(new ApiError(409, "uploaded already"))).toBe(8);
    expect(code(new ApiError(429, "quota", [], 30))).toBe(9);
    expect(code(new ApiError(500, "server"))).toBe(1);
    expect(code(new Error("bug"))).toBe(1);
    expect(new Set(Object.values(EXIT_CODES)).size).toBe(Object.keys(EXIT_CODES).length);
  });

  it("keeps the server's status, issues and wait, and is silent for --help and --version", () => {
    const r = describeCliError(new ApiError(429, "Daily quota used up", [{ path: "x", message: "y" }], 30))!;
    expect(r).toEqual({
      error: {
        kind: "rate_limited",
        exit_code: 9,
        message: "Daily quota used up",
        issues: [{ path: "x", message: "y" }],
        status: 429,
        retry_after_seconds: 30,
      },
    });
    expect(formatCliError(r)).toBe("Error: Daily quota used up\n  x: y\n  retry after 30 s");
    expect(describeCliError(new CommanderError(0, "commander.version", "0.1.0"))).toBeNull();
    expect(describeCliError(new CommanderError(1, "commander.unknownCommand", "error: unknown command 'x'"))).toEqual({
      error: { kind: "usage", exit_code: 2, message: "unknown command 'x'", issues: [] },
    });
  });
});

describe("normaliseServerUrl", () => {
  it("drops trailing slashes and an /api or /api/v1 suffix, keeping a path prefix", () => {
    expect(normaliseServerUrl("http://localhost:3000/")).toBe("http://localhost:3000");
    expect(normaliseServerUrl("http://localhost:3000/api")).toBe("http://localhost:3000");
    expect(normaliseServerUrl("https://example.org/probebench/api/v1/")).toBe("https://example.org/probebench");
    expect(normaliseServerUrl(" https://example.org/apis ")).toBe("https://example.org/apis");
  });

  it("refuses what is not a server's base URL, naming the flag", () => {
    expect(() => normaliseServerUrl("notaurl")).toThrow(UsageError);
    expect(() => normaliseServerUrl("notaurl")).toThrow('--url is not a URL: "notaurl"');
    expect(() => normaliseServerUrl("ftp://example.org")).toThrow("must be an http(s) URL");
    expect(() => normaliseServerUrl("https://u:p@example.org")).toThrow("without a query, fragment or credentials");
  });
});
