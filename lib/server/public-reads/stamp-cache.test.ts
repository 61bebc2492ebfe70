import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cachedByStamp, cachedWithStamp, type StampSource } from "./stamp-cache";

// The public views' cache: a value lives while its source's stamp is unchanged, the stamp is read at most once a
// second per source (shared by every cache of the source), and a failed reload keeps the last good value (only an
// empty cache shows the error).
describe("cachedByStamp", () => {
  let n = 0;
  const fresh = () => `test:${++n}`;
  const source = (read: () => Promise<string>): StampSource => ({ key: fresh(), read });
  beforeEach(() => vi.useFakeTimers({ toFake: ["Date"] }));
  afterEach(() => vi.useRealTimers());

  it("loads once per stamp, reads the stamp at most once a second, and reloads when it moves", async () => {
    const k = fresh();
    let stamp = "s1";
    const readStamp = vi.fn(async () => stamp);
    const s = source(readStamp);
    const load = vi.fn(async (at: string) => `value@${at}`);
    expect(await cachedByStamp(k, s, load)).toBe("value@s1");
    stamp = "s2";
    expect(await cachedByStamp(k, s, load)).toBe("value@s1"); // within the second: no stamp read
    expect(readStamp).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_001);
    expect(await cachedByStamp(k, s, load)).toBe("value@s2");
    vi.advanceTimersByTime(1_001);
    expect(await cachedByStamp(k, s, load)).toBe("value@s2"); // stamp read again, unchanged: no reload
    expect(readStamp).toHaveBeenCalledTimes(3);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("reads the stamp at once when asked to recheck, and reloads only if it moved", async () => {
    const k = fresh();
    let stamp = "s1";
    const readStamp = vi.fn(async () => stamp);
    const s = source(readStamp);
    const load = vi.fn(async (at: string) => `value@${at}`);
    expect(await cachedByStamp(k, s, load)).toBe("value@s1");
    expect(await cachedByStamp(k, s, load, { recheck: true })).toBe("value@s1"); // unchanged: no reload
    stamp = "s2"; // e.g. a benchmark version imported a moment ago
    expect(await cachedByStamp(k, s, load)).toBe("value@s1");
    expect(await cachedByStamp(k, s, load, { recheck: true })).toBe("value@s2");
    expect(readStamp).toHaveBeenCalledTimes(3);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("names each value with the stamp it was loaded under, not a newer one read beside it", async () => {
    const k = fresh();
    let stamp = "s1";
    const s = source(async () => stamp);
    const load = async (at: string) => `value@${at}`;
    expect(await cachedWithStamp(k, s, load)).toEqual({ stamp: "s1", value: "value@s1" });
    stamp = "s2";
    // Within the second the cached value is served, under its own stamp: an ETag naming s2 here would keep the s1
    // value under s2's ETag after the reload.
    expect(await cachedWithStamp(k, s, load)).toEqual({ stamp: "s1", value: "value@s1" });
    vi.advanceTimersByTime(1_001);
    expect(await cachedWithStamp(k, s, load)).toEqual({ stamp: "s2", value: "value@s2" });
    // Callers joining a reload in flight get its pair too.
    stamp = "s3";
    vi.advanceTimersByTime(1_001);
    const [a, b] = await Promise.all([cachedWithStamp(k, s, load), cachedWithStamp(k, s, load)]);
    expect(a).toEqual({ stamp: "s3", value: "value@s3" });
    expect(b).toEqual(a);
  });

  it("moves every cache of one source to a stamp any of them has read", async () => {
    const [bugTypes, distances] = [fresh(), fresh()];
    let stamp = "s1";
    const readStamp = vi.fn(async () => stamp);
    const s = source(readStamp);
    const load = vi.fn(async (at: string) => `value@${at}`);
    expect(await cachedByStamp(bugTypes, s, load)).toBe("value@s1");
    expect(await cachedByStamp(distances, s, load)).toBe("value@s1");
    expect(readStamp).toHaveBeenCalledTimes(1); // one read for both
    stamp = "s2";
    vi.advanceTimersByTime(1_001);
    expect(await cachedByStamp(bugTypes, s, load)).toBe("value@s2");
    // Within the second of that read, the other cache does not answer with what it loaded under s1.
    expect(await cachedByStamp(distances, s, load)).toBe("value@s2");
    expect(readStamp).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it("shares one reload between concurrent callers", async () => {
    const k = fresh();
    const s = source(async () => "s");
    const load = vi.fn(async () => ({ rows: 1 }));
    const [a, b] = await Promise.all([cachedByStamp(k, s, load), cachedByStamp(k, s, load)]);
    expect(a).toBe(b);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("keeps the last good value through a failed reload, and drops only an empty slot", async () => {
    const k = fresh();
    let fail = false;
    const s = source(async () => {
      if (fail) throw new Error("database unreachable");
      return "s1";
    });
    const load = vi.fn(async (at: string) => `value@${at}`);
    expect(await cachedByStamp(k, s, load)).toBe("value@s1");
    vi.advanceTimersByTime(1_001);
    fail = true;
    await expect(cachedByStamp(k, s, load)).rejects.toThrow("database unreachable");
    // The failed read kept the slot: once the database answers with the same stamp, nothing is loaded again.
    fail = false;
    expect(await cachedByStamp(k, s, load)).toBe("value@s1");
    expect(load).toHaveBeenCalledTimes(1);

    // A failed load under a new stamp reaches its caller; the next call loads again.
    let stamp = "t1";
    const moving = source(async () => stamp);
    const m = fresh();
    expect(await cachedByStamp(m, moving, async (at) => `value@${at}`)).toBe("value@t1");
    stamp = "t2";
    vi.advanceTimersByTime(1_001);
    await expect(cachedByStamp(m, moving, async () => Promise.reject(new Error("load failed")))).rejects.toThrow(
      "load failed",
    );
    expect(await cachedByStamp(m, moving, async (at) => `value@${at}`)).toBe("value@t2");

    const empty = fresh();
    const once = source(async () => "s");
    await expect(cachedByStamp(empty, once, async () => Promise.reject(new Error("load failed")))).rejects.toThrow(
      "load failed",
    );
    expect(await cachedByStamp(empty, once, async () => "recovered")).toBe("recovered");
  });
});
