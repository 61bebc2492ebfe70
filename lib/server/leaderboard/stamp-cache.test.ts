import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cachedByStamp, cachedWithStamp } from "./stamp-cache";

// The public views' cache: a value lives while the data stamp is unchanged, the stamp is read at most once a second,
// and a failed reload falls back to the last good value (only an empty cache shows the error).
describe("cachedByStamp", () => {
  let key = 0;
  const fresh = () => `test:${++key}`;
  beforeEach(() => vi.useFakeTimers({ toFake: ["Date"] }));
  afterEach(() => vi.useRealTimers());

  it("loads once per stamp, reads the stamp at most once a second, and reloads when it moves", async () => {
    const k = fresh();
    let stamp = "s1";
    const readStamp = vi.fn(async () => stamp);
    const load = vi.fn(async (s: string) => `value@${s}`);
    expect(await cachedByStamp(k, readStamp, load)).toBe("value@s1");
    stamp = "s2";
    expect(await cachedByStamp(k, readStamp, load)).toBe("value@s1"); // within the second: no stamp read
    expect(readStamp).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_001);
    expect(await cachedByStamp(k, readStamp, load)).toBe("value@s2");
    vi.advanceTimersByTime(1_001);
    expect(await cachedByStamp(k, readStamp, load)).toBe("value@s2"); // stamp read again, unchanged: no reload
    expect(readStamp).toHaveBeenCalledTimes(3);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("reads the stamp at once when asked to recheck, and reloads only if it moved", async () => {
    const k = fresh();
    let stamp = "s1";
    const readStamp = vi.fn(async () => stamp);
    const load = vi.fn(async (s: string) => `value@${s}`);
    expect(await cachedByStamp(k, readStamp, load)).toBe("value@s1");
    expect(await cachedByStamp(k, readStamp, load, { recheck: true })).toBe("value@s1"); // unchanged: no reload
    stamp = "s2"; // e.g. a benchmark version imported a moment ago
    expect(await cachedByStamp(k, readStamp, load)).toBe("value@s1");
    expect(await cachedByStamp(k, readStamp, load, { recheck: true })).toBe("value@s2");
    expect(readStamp).toHaveBeenCalledTimes(3);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("names each value with the stamp it was loaded under, not a newer one read beside it", async () => {
    const k = fresh();
    let stamp = "s1";
    const readStamp = async () => stamp;
    const load = async (s: string) => `value@${s}`;
    expect(await cachedWithStamp(k, readStamp, load)).toEqual({ stamp: "s1", value: "value@s1" });
    stamp = "s2";
    // Within the second the cached value is served, under its own stamp: an ETag naming s2 here would keep the s1
    // value under s2's ETag after the reload.
    expect(await cachedWithStamp(k, readStamp, load)).toEqual({ stamp: "s1", value: "value@s1" });
    vi.advanceTimersByTime(1_001);
    expect(await cachedWithStamp(k, readStamp, load)).toEqual({ stamp: "s2", value: "value@s2" });
    // Callers joining a reload in flight get its pair too.
    stamp = "s3";
    vi.advanceTimersByTime(1_001);
    const [a, b] = await Promise.all([cachedWithStamp(k, readStamp, load), cachedWithStamp(k, readStamp, load)]);
    expect(a).toEqual({ stamp: "s3", value: "value@s3" });
    expect(b).toEqual(a);
  });

  it("shares one reload between concurrent callers", async () => {
    const k = fresh();
    const load = vi.fn(async () => ({ rows: 1 }));
    const [a, b] = await Promise.all([
      cachedByStamp(k, async () => "s", load),
      cachedByStamp(k, async () => "s", load),
    ]);
    expect(a).toBe(b);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("keeps the last good value through a failed reload, and drops only an empty slot", async () => {
    const k = fresh();
    let fail = false;
    const readStamp = async () => {
      if (fail) throw new Error("database unreachable");
      return "s1";
    };
    const load = vi.fn(async (s: string) => `value@${s}`);
    expect(await cachedByStamp(k, readStamp, load)).toBe("value@s1");
    vi.advanceTimersByTime(1_001);
    fail = true;
    await expect(cachedByStamp(k, readStamp, load)).rejects.toThrow("database unreachable");
    // The failed read kept the slot: once the database answers with the same stamp, nothing is loaded again.
    fail = false;
    expect(await cachedByStamp(k, readStamp, load)).toBe("value@s1");
    expect(load).toHaveBeenCalledTimes(1);

    const empty = fresh();
    await expect(
      cachedByStamp(
        empty,
        async () => "s",
        async () => Promise.reject(new Error("load failed")),
      ),
    ).rejects.toThrow("load failed");
    expect(
      await cachedByStamp(
        empty,
        async () => "s",
        async () => "recovered",
      ),
    ).toBe("recovered");
  });
});
