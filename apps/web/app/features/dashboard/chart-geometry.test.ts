import { describe, expect, it } from "vitest";
import { linePoints, niceScale } from "./chart-geometry.ts";

describe("niceScale", () => {
  it.each([
    [97, 100, [0, 25, 50, 75, 100]],
    [8, 8, [0, 2, 4, 6, 8]],
    [3, 4, [0, 1, 2, 3, 4]],
    [1234, 2000, [0, 500, 1000, 1500, 2000]],
  ])("rounds a largest value of %i up to %i", (largest, top, ticks) => {
    expect(niceScale(largest)).toEqual({ top, ticks });
  });

  it("draws a scale of whole counts for an empty chart", () => {
    expect(niceScale(0)).toEqual({ top: 4, ticks: [0, 1, 2, 3, 4] });
  });
});

describe("linePoints", () => {
  const area = { left: 10, top: 0, width: 100, height: 50 };

  it("spreads values across the area, the top value at its top edge", () => {
    expect(linePoints([0, 5, 10], 10, area)).toBe("10,50 60,25 110,0");
  });

  it("puts a single value in the middle", () => {
    expect(linePoints([5], 10, area)).toBe("60,25");
  });
});
