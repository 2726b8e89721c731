import { describe, expect, it } from "vitest";
import { nextSort, type SortValue, sortRows } from "./table-sort.ts";

type Row = { name: string | null; landings: number; rate: number | null };
const rows: Row[] = [
  { name: "spring", landings: 10, rate: 0.1 },
  { name: null, landings: 40, rate: null },
  { name: "Autumn", landings: 10, rate: 0.5 },
  { name: "summer2", landings: 25, rate: 0 },
  { name: "summer10", landings: 5, rate: 0.2 },
];
const sortValueOf = (row: Row, column: keyof Row): SortValue => row[column];
const names = (sorted: Row[]) => sorted.map((row) => row.name);

describe("sortRows", () => {
  it("sorts numbers by size, keeping the given order of equal rows", () => {
    expect(
      names(sortRows(rows, { column: "landings", direction: "descending" }, sortValueOf)),
    ).toEqual([null, "summer2", "spring", "Autumn", "summer10"]);
    expect(
      names(sortRows(rows, { column: "landings", direction: "ascending" }, sortValueOf)),
    ).toEqual(["summer10", "spring", "Autumn", "summer2", null]);
  });

  it("sorts text alphabetically, ignoring case and reading digits as numbers", () => {
    expect(names(sortRows(rows, { column: "name", direction: "ascending" }, sortValueOf))).toEqual([
      "Autumn",
      "spring",
      "summer2",
      "summer10",
      null,
    ]);
  });

  it("puts blanks last in both directions", () => {
    for (const direction of ["ascending", "descending"] as const) {
      expect(sortRows(rows, { column: "rate", direction }, sortValueOf).at(-1)?.name).toBeNull();
      expect(sortRows(rows, { column: "name", direction }, sortValueOf).at(-1)?.name).toBeNull();
    }
  });

  it("leaves the given array alone", () => {
    const copy = [...rows];
    sortRows(rows, { column: "landings", direction: "ascending" }, sortValueOf);
    expect(rows).toEqual(copy);
  });
});

describe("nextSort", () => {
  it("flips the direction of the sorted column", () => {
    expect(
      nextSort({ column: "landings", direction: "descending" }, "landings", "descending"),
    ).toEqual({ column: "landings", direction: "ascending" });
  });

  it("starts a new column in its first direction", () => {
    expect(nextSort({ column: "landings", direction: "ascending" }, "name", "ascending")).toEqual({
      column: "name",
      direction: "ascending",
    });
  });
});
