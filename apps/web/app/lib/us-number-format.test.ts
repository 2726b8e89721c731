import { describe, expect, it } from "vitest";
import { formatUsd, groupThousands } from "./us-number-format.ts";

describe("groupThousands", () => {
  it("writes numbers as toLocaleString('en-US') does", () => {
    for (const value of [
      0, 7, 999, 1000, 20_000, 123_456, 1_234_567, 5_000_000, -1200, 2.5, 1234.5,
    ]) {
      expect(groupThousands(value)).toBe(value.toLocaleString("en-US"));
    }
  });
});

describe("formatUsd", () => {
  it("writes dollars and cents as the currency format does", () => {
    for (const amount of [0, 3, 45.5, 1234.5, 1234.567, 99_999.99, 250_000, -3, 0.004]) {
      expect(formatUsd(amount)).toBe(
        amount.toLocaleString("en-US", { style: "currency", currency: "USD" }),
      );
    }
  });
});
