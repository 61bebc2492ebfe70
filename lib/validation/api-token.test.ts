import { describe, expect, it } from "vitest";
import { issuesFromZod } from "../errors";
import { expiryDaysTextSchema, formatTokenExpiry, isTokenExpired, scopeListSchema, tokenExpiresAt } from "./api-token";
import { createApiTokenBodySchema } from "../contracts/account";

function issues(
  schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } },
  value: unknown,
): string[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return issuesFromZod(result.error as never).map((i) => `${i.path}: ${i.message}`);
}

describe("createApiTokenBodySchema", () => {
  it("defaults to submit + read for 90 days", () => {
    expect(createApiTokenBodySchema.parse({ name: " ci " })).toEqual({
      name: "ci",
      scopes: ["submit", "read"],
      expires_days: 90,
    });
  });

  it("takes any non-empty set of the three scopes and 1..365 days", () => {
    expect(createApiTokenBodySchema.parse({ name: "a", scopes: ["admin"], expires_days: 1 })).toMatchObject({
      scopes: ["admin"],
      expires_days: 1,
    });
    expect(
      createApiTokenBodySchema.parse({ name: "a", scopes: ["read", "admin", "submit"], expires_days: 365 }).scopes,
    ).toEqual(["read", "admin", "submit"]);
  });

  it("names each bad field", () => {
    expect(issues(createApiTokenBodySchema, { name: "a", scopes: [] })).toEqual([
      "scopes: choose at least one scope (submit, read or admin)",
    ]);
    expect(issues(createApiTokenBodySchema, { name: "a", scopes: ["read", "write"] })).toEqual([
      'scopes[1]: "write" is not a scope: use submit, read or admin',
    ]);
    expect(issues(createApiTokenBodySchema, { name: "a", scopes: ["read", "submit", "read"] })).toEqual([
      "scopes[2]: read is listed twice",
    ]);
    expect(issues(createApiTokenBodySchema, { name: "a", scopes: "read" })).toEqual([
      "scopes: must be a list of scopes (submit, read or admin)",
    ]);
    expect(issues(createApiTokenBodySchema, { name: "a", expires_days: 0 })).toEqual([
      "expires_days: must be between 1 and 365 days",
    ]);
    expect(issues(createApiTokenBodySchema, { name: "a", expires_days: 366 })).toEqual([
      "expires_days: must be between 1 and 365 days",
    ]);
    expect(issues(createApiTokenBodySchema, { name: "a", expires_days: 1.5 })).toEqual([
      "expires_days: must be a whole number of days",
    ]);
    expect(issues(createApiTokenBodySchema, { name: "a", expires_days: "30" })).toEqual([
      "expires_days: must be a whole number of days",
    ]);
  });

  it("refuses unknown fields, so a misspelt option is not silently replaced by a default", () => {
    expect(issues(createApiTokenBodySchema, { name: "a", expiresDays: 7 })).toEqual([
      expect.stringMatching(/^\(root\): .*expiresDays/),
    ]);
  });
});

describe("CLI flag schemas", () => {
  it("reads a comma-separated scope list", () => {
    expect(scopeListSchema.parse("submit,read")).toEqual(["submit", "read"]);
    expect(scopeListSchema.parse(" admin , read ,")).toEqual(["admin", "read"]);
    expect(issues(scopeListSchema, "")).toEqual(["(root): choose at least one scope (submit, read or admin)"]);
    expect(issues(scopeListSchema, "submit,upload")).toEqual([
      '[1]: "upload" is not a scope: use submit, read or admin',
    ]);
    expect(issues(scopeListSchema, "read,read")).toEqual(["[1]: read is listed twice"]);
  });

  it("reads a whole number of days", () => {
    expect(expiryDaysTextSchema.parse("30")).toBe(30);
    expect(issues(expiryDaysTextSchema, "30d")).toEqual(["(root): must be a whole number of days"]);
    expect(issues(expiryDaysTextSchema, "1e2")).toEqual(["(root): must be a whole number of days"]);
    expect(issues(expiryDaysTextSchema, "-1")).toEqual(["(root): must be a whole number of days"]);
    expect(issues(expiryDaysTextSchema, "400")).toEqual(["(root): must be between 1 and 365 days"]);
  });
});

describe("token expiry", () => {
  const created = new Date("2026-11-30T12:00:00Z");

  it("expires whole days after creation, and is expired from that instant on", () => {
    const expiresAt = tokenExpiresAt(created, 90);
    expect(expiresAt.toISOString()).toBe("2027-02-28T12:00:00.000Z");
    expect(isTokenExpired(expiresAt, new Date("2027-02-28T11:59:59.999Z"))).toBe(false);
    expect(isTokenExpired(expiresAt, expiresAt)).toBe(true);
  });

  it("writes the expiry in UTC to the minute", () => {
    expect(formatTokenExpiry(new Date("2027-02-28T12:34:56.789Z"))).toBe("2027-02-28 12:34 UTC");
  });
});
