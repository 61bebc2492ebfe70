import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

// Webhook signing secrets at rest: AES-256-GCM under WEBHOOK_SECRET_KEY. The worker needs the secret itself to sign
// (Standard Webhooks is an HMAC), so it is encrypted rather than hashed. Stored as `v2.<iv>.<tag>.<ciphertext>` in
// base64url, with the endpoint's id as associated data: a ciphertext copied onto another endpoint's row does not
// decrypt there. `v1` (no associated data) is what endpoints registered before had; it is read once and stored again
// as v2 (openSecret's `upgraded`), so no secret is lost and none stays unbound.

/** Whether `text` is clean base64 of exactly 32 bytes: 44 characters, standard alphabet, one `=` of padding. */
export function isSecretKeyText(text: string): boolean {
  return /^[A-Za-z0-9+/]{43}=$/.test(text) && Buffer.from(text, "base64").toString("base64") === text;
}

export const SECRET_KEY_HINT =
  "must be 32 random bytes in base64 (44 characters; make one with `openssl rand -base64 32`; a 64-character hex key converts with `echo KEY | xxd -r -p | base64`)";

/** The 32-byte key from its env spelling (base64; lib/env.ts refuses any other at start-up). */
export function parseSecretKey(text: string): Buffer {
  if (!isSecretKeyText(text)) throw new Error(`WEBHOOK_SECRET_KEY ${SECRET_KEY_HINT}`);
  return Buffer.from(text, "base64");
}

const associatedData = (endpointId: string) => Buffer.from(`probebench-webhook-endpoint:${endpointId}`, "utf8");

export function encryptSecret(plain: string, key: Buffer, endpointId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(associatedData(endpointId));
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v2", iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

/**
 * The plain secret of an endpoint; throws when the text was not made with this key for this endpoint (a rotated
 * key, a ciphertext moved between rows, tampering). A v1 text also comes back as `upgraded`, the same secret bound to
 * the endpoint, for the caller to store in its place.
 */
export function openSecret(stored: string, key: Buffer, endpointId: string): { secret: string; upgraded?: string } {
  const [version, iv, tag, data] = stored.split(".");
  if ((version !== "v1" && version !== "v2") || !iv || !tag || data === undefined)
    throw new Error("unknown secret format");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  if (version === "v2") decipher.setAAD(associatedData(endpointId));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  const secret = Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  return version === "v1" ? { secret, upgraded: encryptSecret(secret, key, endpointId) } : { secret };
}

/** A new signing secret in the Standard Webhooks spelling: `whsec_` and 24 random bytes in base64. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}
