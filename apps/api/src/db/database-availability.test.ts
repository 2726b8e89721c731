import { DrizzleQueryError } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  DatabaseTimeoutError,
  isDatabaseUnavailable,
  withDeadline,
} from "./database-availability.ts";

const withCode = (code: string) => Object.assign(new Error(code), { code });

describe("isDatabaseUnavailable", () => {
  it.each([
    "ECONNREFUSED",
    "ECONNRESET",
    "CONNECT_TIMEOUT",
    "CONNECTION_CLOSED",
    "CONNECTION_DESTROYED",
    "08006",
    "57P01",
    "57P03",
    "53300",
  ])("is true for %s", (code) => {
    expect(isDatabaseUnavailable(withCode(code))).toBe(true);
  });

  it("looks inside Drizzle's query error", () => {
    const wrapped = new DrizzleQueryError("select 1", [], withCode("57P01"));
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it("is true for a timed-out call and a closed embedded database", () => {
    expect(isDatabaseUnavailable(new DatabaseTimeoutError(1000))).toBe(true);
    expect(isDatabaseUnavailable(new Error("PGlite is closed"))).toBe(true);
  });

  it.each([
    ["a constraint violation", withCode("23505")],
    ["a syntax error", withCode("42601")],
    ["a plain bug", new TypeError("x is undefined")],
    ["a string", "ECONNREFUSED"],
    ["nothing", undefined],
  ])("is false for %s", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe("withDeadline", () => {
  it("passes results and errors through", async () => {
    await expect(withDeadline(() => Promise.resolve(7), 50)).resolves.toBe(7);
    await expect(withDeadline(() => Promise.reject(new Error("boom")), 50)).rejects.toThrow("boom");
  });

  it("gives up after the deadline", async () => {
    const never = new Promise<never>(() => {});
    await expect(withDeadline(() => never, 20)).rejects.toBeInstanceOf(DatabaseTimeoutError);
  });

  describe("with work that throws before it returns a promise", () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it("rejects with its error and leaves no timer to reject later, unheard", async () => {
      vi.useFakeTimers();
      const refused = () => {
        throw new Error("connect ECONNREFUSED");
      };
      await expect(withDeadline(refused, 50)).rejects.toThrow("ECONNREFUSED");
      expect(vi.getTimerCount()).toBe(0);
    });
  });
});
