import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, createNonce } from "./security-headers";

const scriptSrc = (csp: string) => csp.split("; ").find((d) => d.startsWith("script-src "));

describe("contentSecurityPolicy", () => {
  it("allows scripts by nonce on pages and never inline scripts", () => {
    expect(scriptSrc(contentSecurityPolicy({ nonce: "abc", dev: false }))).toBe(
      "script-src 'self' 'nonce-abc' 'strict-dynamic'",
    );
    expect(scriptSrc(contentSecurityPolicy({ dev: false }))).toBe("script-src 'self'");
    expect(scriptSrc(contentSecurityPolicy({ nonce: "abc", dev: true }))).toBe(
      "script-src 'self' 'nonce-abc' 'strict-dynamic' 'unsafe-eval'",
    );
  });
});

describe("createNonce", () => {
  it("gives 128 random bits in base64, different each time", () => {
    const a = createNonce();
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(createNonce()).not.toBe(a);
  });
});
