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
    // A raw query's failure (P2010) on a server that is down: the adapter's kind says so.
    const raw = Object.assign(new Error("Raw query failed"), {
      code: "P2010",
      meta: { driverAdapterError: { name: "DriverAdapterError", cause: { kind: "DatabaseNotReachable", port: 5432 } } },
    });
    expect(isDatabaseUnavailable(raw)).toBe(true);
  });
  it("leaves every other error a 500", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("unique"), { code: "P2002" }))).toBe(false);
    expect(
      isDatabaseUnavailable({ code: "P2010", meta: { driverAdapterError: { cause: { kind: "ColumnNotFound" } } } }),
    ).toBe(false);
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
