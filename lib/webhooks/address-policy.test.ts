import { describe, expect, it } from "vitest";
import { refusedAddressReason } from "./address-policy";
import { MAX_RETRY_WINDOW_MS, WEBHOOK_ATTEMPTS, retryDelayMs } from "./delivery-schedule";
import { decryptSecret, encryptSecret, newSigningSecret, parseSecretKey } from "./secret-box";

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
    ]) {
      expect(refusedAddressReason(address), address).not.toBeNull();
    }
    expect(refusedAddressReason("169.254.169.254")).toBe("169.254.169.254 is a linkLocal address");
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
  it("round-trip under the key and fail under another", () => {
    const key = parseSecretKey("00".repeat(32));
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const stored = encryptSecret(secret, key);
    expect(stored).not.toContain(secret.slice(6));
    expect(decryptSecret(stored, key)).toBe(secret);
    expect(() => decryptSecret(stored, parseSecretKey(Buffer.alloc(32, 1).toString("base64")))).toThrow();
  });
});
