import { describe, expect, it } from "vitest";
import { createShortLivedCache } from "./short-lived-cache.ts";

describe("createShortLivedCache", () => {
  const setUp = (ttlMs = 1000, maxEntries = 10) => {
    let time = 0;
    const cache = createShortLivedCache<string>({ ttlMs, maxEntries, now: () => time });
    let loads = 0;
    const load = (value: string | undefined) => async () => {
      loads++;
      return value;
    };
    return { cache, load, loads: () => loads, advance: (ms: number) => (time += ms) };
  };

  it("reuses a value until it expires, then loads again", async () => {
    const { cache, load, loads, advance } = setUp();
    expect(await cache.get("a", load("one"))).toBe("one");
    advance(999);
    expect(await cache.get("a", load("two"))).toBe("one");
    advance(1);
    expect(await cache.get("a", load("two"))).toBe("two");
    expect(loads()).toBe(2);
  });

  it("loads a forgotten key again at once", async () => {
    const { cache, load, loads } = setUp();
    expect(await cache.get("a", load("one"))).toBe("one");
    cache.forget("a");
    cache.forget("never-kept");
    expect(await cache.get("a", load("two"))).toBe("two");
    expect(loads()).toBe(2);
  });

  it("shares one load between concurrent misses", async () => {
    const { cache, load, loads } = setUp();
    const values = await Promise.all([1, 2, 3].map(() => cache.get("a", load("one"))));
    expect(values).toEqual(["one", "one", "one"]);
    expect(loads()).toBe(1);
  });

  it("keeps neither misses nor failures", async () => {
    const { cache, load, loads } = setUp();
    expect(await cache.get("nope", load(undefined))).toBeUndefined();
    expect(await cache.get("nope", load(undefined))).toBeUndefined();
    await expect(cache.get("a", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("a", load("one"))).toBe("one");
    expect(loads()).toBe(3);
  });

  it("holds at most maxEntries keys, dropping the oldest", async () => {
    const { cache, load, loads } = setUp(1000, 2);
    await cache.get("a", load("a"));
    await cache.get("b", load("b"));
    await cache.get("c", load("c"));
    await cache.get("b", load("b"));
    expect(loads()).toBe(3);
    await cache.get("a", load("a"));
    expect(loads()).toBe(4);
  });

  it("is off with a zero lifetime", async () => {
    const { cache, load, loads } = setUp(0);
    await cache.get("a", load("a"));
    await cache.get("a", load("a"));
    expect(loads()).toBe(2);
  });
});
