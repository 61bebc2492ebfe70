import { createHmac } from "node:crypto";
import { env } from "./env";

// The server's key for the keyed hashes that keep people's judgements blind (docs/security.md, "Blindness"): the
// order labellers see a sample's pairs in, and the opaque ids of a panel's findings. Whatever a caller can read (seeds,
// ids, texts, positions) is an input of those hashes, so without this key none of them predicts the hidden value.
// Shared by the web and the worker; never returned, never logged.

const DEVELOPMENT_KEY = "probebench-insecure-development-blinding-key";

let cached: Buffer | undefined;

/** BLINDING_SECRET, else a key derived from NEXTAUTH_SECRET; development and tests without either use a fixed key. */
export function blindingKey(): Buffer {
  if (cached) return cached;
  const base =
    env.BLINDING_SECRET ??
    (env.NEXTAUTH_SECRET ? hmac(env.NEXTAUTH_SECRET, "probebench blinding v1").toString("base64") : undefined);
  if (!base && env.NODE_ENV === "production")
    throw new Error("Neither BLINDING_SECRET nor NEXTAUTH_SECRET is set: one is required in production (.env.example)");
  cached = hmac(base ?? DEVELOPMENT_KEY, "blinding-key");
  return cached;
}

function hmac(key: string, text: string): Buffer {
  return createHmac("sha256", key).update(text).digest();
}
