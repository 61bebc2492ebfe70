import { describe, expect, it } from "vitest";
import { clientKey } from "./client-key";
import { readCookie } from "./session-cookie";

describe("clientKey", () => {
  it("takes the address added by the nearest proxy, not what the client claimed", () => {
    expect(clientKey(new Headers({ "x-forwarded-for": "6.6.6.6, 10.0.0.7" }))).toBe("10.0.0.7");
    expect(clientKey({ "x-forwarded-for": "203.0.113.9" })).toBe("203.0.113.9");
    expect(clientKey({ "x-real-ip": "203.0.113.10" })).toBe("203.0.113.10");
    expect(clientKey(undefined)).toBe("unknown");
  });
});

describe("readCookie", () => {
  it("finds one cookie by exact name", () => {
    const header = "a=1; next-auth.session-token=abc%3D; __Secure-next-auth.session-token=zzz";
    expect(readCookie(header, "next-auth.session-token")).toBe("abc=");
    expect(readCookie(header, "__Secure-next-auth.session-token")).toBe("zzz");
    expect(readCookie(header, "session-token")).toBeUndefined();
    expect(readCookie(null, "a")).toBeUndefined();
  });
});
