import { describe, expect, it } from "vitest";
import type { ApiCaller } from "../../auth/authorize-caller";
import { isInternalAddress, metricsAccess } from "./metrics-access";

const caller = (
  role: ApiCaller["role"],
  via: ApiCaller["via"],
  scopes: NonNullable<ApiCaller["token"]>["scopes"] = [],
): ApiCaller => ({
  id: "u1",
  email: "a@example.com",
  role,
  via,
  token: via === "token" ? { id: "t1", scopes } : undefined,
});

describe("metrics access", () => {
  it("counts loopback, private, unique-local and link-local addresses as internal", () => {
    for (const address of [
      "127.0.0.1",
      "::1",
      "10.1.2.3",
      "172.16.0.9",
      "192.168.1.1",
      "fd00::1",
      "fe80::1",
      "::ffff:10.0.0.1",
    ])
      expect(isInternalAddress(address), address).toBe(true);
    for (const address of ["8.8.8.8", "172.32.0.1", "2001:db8::1", "::ffff:8.8.8.8", "unknown", ""])
      expect(isInternalAddress(address), address).toBe(false);
  });

  it("lets the internal network in without credentials", () => {
    expect(metricsAccess("10.0.0.5", null)).toBe("allowed");
  });

  it("hides the endpoint from anonymous public callers and refuses anyone but an admin token with the admin scope", () => {
    expect(metricsAccess("203.0.113.7", null)).toBe("not_found");
    expect(metricsAccess("203.0.113.7", caller("admin", "token", ["admin"]))).toBe("allowed");
    expect(metricsAccess("203.0.113.7", caller("admin", "token", ["read"]))).toBe("forbidden");
    expect(metricsAccess("203.0.113.7", caller("user", "token", ["admin"]))).toBe("forbidden");
    expect(metricsAccess("203.0.113.7", caller("admin", "session"))).toBe("forbidden");
  });
});
