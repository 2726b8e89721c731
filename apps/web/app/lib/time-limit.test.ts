import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TimeLimitError, withTimeLimit } from "./time-limit.ts";

describe("withTimeLimit", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("gives the work's result when it comes in time, and leaves no timer behind", async () => {
    await expect(withTimeLimit(Promise.resolve("done"), 1_000, "The work")).resolves.toBe("done");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("passes the work's own failure on", async () => {
    const failure = new Error("offline");
    await expect(withTimeLimit(Promise.reject(failure), 1_000, "The work")).rejects.toBe(failure);
  });

  it("ends a wait that would never end once the limit has passed", async () => {
    let outcome: unknown = "pending";
    withTimeLimit(new Promise<never>(() => {}), 15_000, "The chat widget").catch(
      (error: unknown) => {
        outcome = error;
      },
    );
    await vi.advanceTimersByTimeAsync(14_999);
    expect(outcome).toBe("pending");
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBeInstanceOf(TimeLimitError);
    expect((outcome as Error).message).toBe("The chat widget took longer than 15 s");
  });
});
