import { type ReactNode, useId, useState } from "react";
import { buttonClasses } from "#app/ui/button-styles.ts";
import { buildCsv, type CsvCell, downloadCsv } from "./csv.ts";
import {
  nextSort,
  type SortDirection,
  type SortValue,
  sortRows,
  type TableSort,
} from "./table-sort.ts";
import { useMeasured } from "./use-measured.ts";

export type TableColumn<Row> = {
  id: string;
  label: string;
  /** What the column sorts by and exports. A column without one (a sparkline) does neither. */
  value?: (row: Row) => SortValue;
  /** What the cell shows; the value as it is when absent. */
  render?: (row: Row) => ReactNode;
  /** The cell in the CSV file when not the value (a rate written as a percentage). */
  csv?: (row: Row) => CsvCell;
  /** Right-aligned, tabular digits. */
  numeric?: boolean;
  /** The direction a first press sorts in: most first for counts, A to Z for names. */
  firstDirection?: SortDirection;
  /**
   * What a sortable column counts, when its short header can't say it: written under the table
   * after the header's words, and the accessible description of the header's button.
   */
  description?: string;
};

type SortableTableProps<Row> = {
  caption: string;
  columns: TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  initialSort: TableSort<string>;
  /**
   * A row after the sorted ones (the groups summed as "Other"), never sorted with them;
   * exported in that place.
   */
  pinnedRow?: Row | undefined;
  /** A last row under the others (totals), never sorted with them; exported last. */
  footer?: Row;
  /** Sentences said under the table, after the columns' descriptions. */
  notes?: readonly string[];
  /** The CSV file's name, without `.csv`. */
  fileName: string;
};

/** Whether an element's content is wider than its box, so that it scrolls sideways. */
const overflowsSideways = (element: HTMLElement) => element.scrollWidth > element.clientWidth;

/**
 * A table whose column headers sort it (buttons, with `aria-sort` on the sorted one), and
 * an export of exactly the rows shown, in the order shown, as a CSV file. A table wider than
 * the page scrolls sideways inside its own focusable region, and says so above it; what a
 * short header means is written under the table.
 */
export function SortableTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  initialSort,
  pinnedRow,
  footer,
  notes = [],
  fileName,
}: SortableTableProps<Row>) {
  const [sort, setSort] = useState(initialSort);
  // Rows and their widths change what is in the box, not the box: its children are followed too.
  const [region, overflows] = useMeasured<HTMLElement, boolean | undefined>(
    undefined,
    overflowsSideways,
    { withChildren: true },
  );
  const noteId = useId();
  const byId = new Map(columns.map((column) => [column.id, column]));
  const sorted = sortRows(rows, sort, (row, id) => byId.get(id)?.value?.(row) ?? null);
  const shown = pinnedRow ? [...sorted, pinnedRow] : sorted;
  const exported = columns.filter((column) => column.value);
  const described = columns.filter((column) => column.description);
  const descriptionId = (column: TableColumn<Row>) =>
    column.description ? `${noteId}-${column.id}` : undefined;

  function exportCsv() {
    const line = (row: Row) => exported.map((column) => csvCell(column, row));
    const csv = buildCsv(
      exported.map((column) => column.label),
      [...shown, ...(footer ? [footer] : [])].map(line),
    );
    downloadCsv(`${fileName}.csv`, csv);
  }

  return (
    <div className="flex flex-col gap-3">
      <p
        id={`${noteId}-scrolls`}
        // Until measured, where a wide table most likely scrolls: on a phone.
        className={`text-cocoa text-sm ${overflows === undefined ? "md:hidden" : overflows ? "" : "hidden"}`}
      >
        Scroll the table sideways to see every column.
      </p>
      <section
        ref={region}
        aria-describedby={overflows ? `${noteId}-scrolls` : undefined}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable by keyboard to scroll it
        tabIndex={0}
        aria-label={caption}
        className="overflow-x-auto rounded-2xl bg-white shadow-card ring-1 ring-brand-900/5"
      >
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">
            {caption}. Column headers are buttons that sort the table.
          </caption>
          <thead className="border-crust border-b bg-flour text-cocoa">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.id}
                  scope="col"
                  aria-sort={sort.column === column.id ? sort.direction : undefined}
                  className={`px-3 py-2 font-semibold ${column.numeric ? "text-right" : ""}`}
                >
                  {column.value ? (
                    <button
                      type="button"
                      aria-describedby={descriptionId(column)}
                      onClick={() =>
                        setSort((current) =>
                          nextSort(current, column.id, column.firstDirection ?? "descending"),
                        )
                      }
                      className="inline-flex items-center gap-1 rounded px-1 py-1 hover:text-ink"
                    >
                      {column.label}
                      <SortMark direction={sort.column === column.id ? sort.direction : null} />
                    </button>
                  ) : (
                    column.label
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={rowKey(row)} className="border-crust/60 border-b last:border-b-0">
                {columns.map((column, index) => (
                  <Cell key={column.id} column={column} row={row} header={index === 0} />
                ))}
              </tr>
            ))}
          </tbody>
          {footer ? (
            <tfoot className="border-crust border-t-2 bg-flour font-semibold">
              <tr>
                {columns.map((column, index) => (
                  <Cell key={column.id} column={column} row={footer} header={index === 0} />
                ))}
              </tr>
            </tfoot>
          ) : null}
        </table>
      </section>
      {described.length > 0 || notes.length > 0 ? (
        <div className="flex flex-col gap-1 text-cocoa text-sm">
          {described.map((column) => (
            <p key={column.id} id={descriptionId(column)}>
              <span className="font-semibold text-ink">{column.label}:</span> {column.description}
            </p>
          ))}
          {notes.map((note) => (
            <p key={note}>{note}</p>
          ))}
        </div>
      ) : null}
      <button
        type="button"
        onClick={exportCsv}
        // Names which table, starting with the words on the button (voice control users say them).
        aria-label={`Download as CSV: ${caption}`}
        className={`${buttonClasses("secondary")} self-start`}
      >
        Download as CSV
      </button>
    </div>
  );
}

function Cell<Row>({
  column,
  row,
  header,
}: {
  column: TableColumn<Row>;
  row: Row;
  header: boolean;
}) {
  const content = column.render ? column.render(row) : column.value?.(row);
  const className = `px-3 py-2 ${column.numeric ? "text-right tabular-nums" : ""}`;
  return header ? (
    <th scope="row" className={`${className} font-medium text-ink`}>
      {content}
    </th>
  ) : (
    <td className={className}>{content}</td>
  );
}

function csvCell<Row>(column: TableColumn<Row>, row: Row): CsvCell {
  return column.csv ? column.csv(row) : (column.value?.(row) ?? null);
}

/** The sort arrow beside a header: decoration only, `aria-sort` says it to screen readers. */
function SortMark({ direction }: { direction: SortDirection | null }) {
  const mark = direction === "ascending" ? "▲" : direction === "descending" ? "▼" : "↕";
  return (
    <span aria-hidden="true" className={direction ? "text-brand-700" : "text-cocoa/50"}>
      {mark}
    </span>
  );
}
