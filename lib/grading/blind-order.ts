import { createHmac } from "node:crypto";

// The order people see items to judge in, by a keyed hash (HMAC-SHA256) of what names each item. A seeded shuffle of
// the strata would follow from its seed and the strata's counts; a keyed hash follows from nothing a caller can read,
// so a pair's place in the list says nothing of the stratum it was drawn from (docs/security.md, "Blindness").

/** `items` sorted by HMAC(key, context \0 name): stable for one key, unpredictable without it. */
export function keyedOrder<T>(items: readonly T[], nameOf: (item: T) => string, key: Buffer, context: string): T[] {
  const keyed = items.map((item) => ({
    item,
    rank: createHmac("sha256", key)
      .update(`${context}\u0000${nameOf(item)}`)
      .digest("hex"),
  }));
  return keyed.sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0)).map((k) => k.item);
}
