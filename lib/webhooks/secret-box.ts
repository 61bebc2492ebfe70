import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

// Webhook signing secrets at rest: AES-256-GCM under WEBHOOK_SECRET_KEY. The worker needs the secret itself to sign
// (Standard Webhooks is an HMAC), so it is encrypted rather than hashed. Stored as `v1.<iv>.<tag>.<ciphertext>` in
// base64url; the version names the scheme so a later one can be told apart.

/** The 32-byte key from its env spelling (64 hex characters, or base64). */
export function parseSecretKey(text: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, "hex") : Buffer.from(text, "base64");
  if (key.length !== 32) throw new Error("WEBHOOK_SECRET_KEY must be 32 bytes");
  return key;
}

export function encryptSecret(plain: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

/** The plain secret; throws when the text was not made with this key (a rotated key, or tampering). */
export function decryptSecret(stored: string, key: Buffer): string {
  const [version, iv, tag, data] = stored.split(".");
  if (version !== "v1" || !iv || !tag || data === undefined) throw new Error("unknown secret format");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}

/** A new signing secret in the Standard Webhooks spelling: `whsec_` and 24 random bytes in base64. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}
