import { createCipheriv, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { refusedAddressReason } from "./address-policy";
import { MAX_RETRY_WINDOW_MS, WEBHOOK_ATTEMPTS, retryDelayMs } from "./delivery-schedule";
import { encryptSecret, isSecretKeyText, newSigningSecret, openSecret, parseSecretKey } from "../secret-box";

describe("webhook address policy", () => {
  it("refuses loopback, private, link-local, metadata and other non-public addresses", () => {
    for (const address of [
      "127.0.0.1",
      "::1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "fd00:ec2::254",
      "fe80::1",
      "100.100.100.200",
      "0.0.0.0",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "224.0.0.1",
      "255.255.255.255",
      // IPv4-compatible IPv6 (::/96), as the URL parser spells `[::127.0.0.1]` and as written.
      "::7f00:1",
      "::a00:1",
      "::808:808",
      "::127.0.0.1",
    ]) {
      expect(refusedAddressReason(address), address).not.toBeNull();
    }
    expect(refusedAddressReason("169.254.169.254")).toBe("169.254.169.254 is a linkLocal address");
    expect(refusedAddressReason("::7f00:1")).toBe("::7f00:1 is a reserved address (IPv4-compatible IPv6)");
  });

  it("allows public unicast addresses", () => {
    for (const address of ["93.184.215.14", "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8"])
      expect(refusedAddressReason(address), address).toBeNull();
    expect(refusedAddressReason("example.com")).toBe("not an IP address");
  });
});

describe("webhook retries", () => {
  it("back off exponentially and give up within 24 hours", () => {
    expect([1, 2, 3].map((attempt) => retryDelayMs(attempt))).toEqual([30_000, 60_000, 120_000]);
    let total = 0;
    for (let attempt = 1; attempt < WEBHOOK_ATTEMPTS; attempt++) total += retryDelayMs(attempt);
    expect(total).toBe(30_000 * (2 ** 11 - 1)); // 17 h 4 min
    expect(total).toBeLessThanOrEqual(MAX_RETRY_WINDOW_MS);
    // The largest first wait WEBHOOK_RETRY_DELAY_MS allows still ends within 24 hours
    let longest = 0;
    for (let attempt = 1; attempt < WEBHOOK_ATTEMPTS; attempt++) longest += retryDelayMs(attempt, 40_000);
    expect(longest).toBeLessThanOrEqual(MAX_RETRY_WINDOW_MS);
  });
});

describe("webhook secrets at rest", () => {
  const key = parseSecretKey(Buffer.alloc(32, 7).toString("base64"));

  it("round-trip under the key for their endpoint, and fail under another key or on another endpoint's row", () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const stored = encryptSecret(secret, key, "endpoint-a");
    expect(stored).toMatch(/^v2\./);
    expect(stored).not.toContain(secret.slice(6));
    expect(openSecret(stored, key, "endpoint-a")).toEqual({ secret });
    expect(() => openSecret(stored, parseSecretKey(Buffer.alloc(32, 1).toString("base64")), "endpoint-a")).toThrow();
    expect(() => openSecret(stored, key, "endpoint-b")).toThrow();
  });

  it("open a secret stored without an endpoint (v1) and hand it back bound, so none is lost", () => {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", key, iv);
    const data = Buffer.concat([cipher.update("whsec_old", "utf8"), cipher.final()]);
    const v1 = ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), data.toString("base64url")];
    const opened = openSecret(v1.join("."), key, "endpoint-a");
    expect(opened.secret).toBe("whsec_old");
    expect(openSecret(opened.upgraded!, key, "endpoint-a")).toEqual({ secret: "whsec_old" });
    expect(() => openSecret(opened.upgraded!, key, "endpoint-b")).toThrow();
  });

  it("take only clean base64 of 32 bytes as the key, with a hint that says how to make one", () => {
    expect(isSecretKeyText(Buffer.alloc(32, 9).toString("base64"))).toBe(true);
    for (const text of [
      "00".repeat(32), // hex: 64 characters, 48 bytes as base64
      Buffer.alloc(31).toString("base64"),
      Buffer.alloc(33).toString("base64"),
      Buffer.alloc(32, 255).toString("base64url"),
      Buffer.alloc(32, 9).toString("base64").slice(0, 43), // no padding
      ` ${Buffer.alloc(32, 9).toString("base64")}`,
      "ASNFZ4mrze8BI0VniavN7wEjRWeJq83vASNFZ4mrze9=", // non-zero bits past the 32 bytes: not canonical
    ])
      expect(isSecretKeyText(text), text).toBe(false);
    expect(() => parseSecretKey("00".repeat(32))).toThrow(/openssl rand -base64 32/);
  });
});
