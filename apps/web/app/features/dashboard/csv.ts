import { downloadFile } from "./download-file.ts";

/** One cell of a CSV file: text, a number, or nothing (an empty cell). */
export type CsvCell = string | number | null;

/**
 * Spreadsheets run a cell that starts with = + - @ (or a tab or carriage return, which
 * some of them skip first) as a formula: a campaign named `=HYPERLINK(…)` must stay text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function csvField(cell: CsvCell): string {
  if (cell === null) return "";
  // Numbers are ours, never a formula; a negative one must stay a number.
  if (typeof cell === "number") return String(cell);
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A CSV document (RFC 4180, CRLF line ends) of a header row and the rows, in their order. */
export function buildCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return `${[header, ...rows].map((row) => row.map(csvField).join(",")).join("\r\n")}\r\n`;
}

/** Hands the browser a CSV file to save, made on the page: no request leaves it. */
export function downloadCsv(fileName: string, csv: string): void {
  downloadFile(fileName, new Blob([csv], { type: "text/csv;charset=utf-8" }));
}
