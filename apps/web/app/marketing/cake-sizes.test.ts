import { describe, expect, it } from "vitest";
import { cakeSizes } from "./cake-sizes.ts";

describe("cakeSizes", () => {
  it("combines every size of spec §3 into one list, in order", () => {
    expect(cakeSizes).toEqual([
      { category: "round", label: "6 inch" },
      { category: "round", label: "7 inch" },
      { category: "round", label: "8 inch" },
      { category: "round", label: "9 inch" },
      { category: "round", label: "10 inch" },
      { category: "two-tier", label: "6/4 inch" },
      { category: "two-tier", label: "7/5 inch" },
      { category: "two-tier", label: "8/6 inch" },
      { category: "two-tier", label: "9/6 inch" },
      { category: "two-tier", label: "9/7 inch" },
      { category: "two-tier", label: "10/8 inch" },
      { category: "three-tier", label: "8/6/4 inch" },
      { category: "three-tier", label: "9/7/5 inch" },
      { category: "three-tier", label: "10/8/6 inch" },
      { category: "three-tier", label: "11/9/7 inch" },
      { category: "three-tier", label: "12/10/8 inch" },
      { category: "sheet", label: "Quarter Sheet 9x13 inch" },
      { category: "sheet", label: "Half Sheet 13x18 inch" },
      { category: "sheet", label: "Full Sheet 18x26 inch" },
      { category: "3d", label: "8x6 inch" },
      { category: "3d", label: "10x6 inch" },
    ]);
  });
});
