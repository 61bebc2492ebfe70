import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./errors";

describe("isDatabaseUnavailable", () => {
  it("knows Prisma's unreachable-server codes, PostgreSQL's shutdown codes and socket errors, down the cause chain", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("Can't reach database server"), { code: "P1001" }))).toBe(
      true,
    );
    expect(
      isDatabaseUnavailable(new Error("wrapped", { cause: Object.assign(new Error("x"), { code: "57P01" }) })),
    ).toBe(true);
    expect(isDatabaseUnavailable({ meta: { driverAdapterError: { cause: { originalCode: "ECONNREFUSED" } } } })).toBe(
      true,
    );
  });
  it("leaves every other error a 500", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("unique"), { code: "P2002" }))).toBe(false);
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
