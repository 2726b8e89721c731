/** What a sortable table's header says (and `aria-sort` announces). */
export type SortDirection = "ascending" | "descending";
export type TableSort<Column extends string> = { column: Column; direction: SortDirection };

/** A cell's value for sorting: numbers by size, text alphabetically, blanks last. */
export type SortValue = string | number | null;

const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

/**
 * The rows in the order a table's sort asks for. Blank values (a campaign-less group's
 * name, a rate without landings) go last either way; equal rows keep their given order.
 */
export function sortRows<Row, Column extends string>(
  rows: readonly Row[],
  sort: TableSort<Column>,
  sortValueOf: (row: Row, column: Column) => SortValue,
): Row[] {
  const sign = sort.direction === "ascending" ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: sortValueOf(row, sort.column) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null) {
        return a.value === b.value ? a.index - b.index : a.value === null ? 1 : -1;
      }
      const order =
        typeof a.value === "number" && typeof b.value === "number"
          ? a.value - b.value
          : collator.compare(String(a.value), String(b.value));
      return order === 0 ? a.index - b.index : sign * order;
    })
    .map(({ row }) => row);
}

/**
 * The sort after a header is pressed: the same column flips; a new column starts with
 * the direction a reader wants first (most clicks first, names A to Z).
 */
export function nextSort<Column extends string>(
  current: TableSort<Column>,
  column: Column,
  firstDirection: SortDirection,
): TableSort<Column> {
  if (current.column !== column) return { column, direction: firstDirection };
  return {
    column,
    direction: current.direction === "ascending" ? "descending" : "ascending",
  };
}
