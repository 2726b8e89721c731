import type { ServerConfig } from "../config.ts";
import type { Database } from "../db/open-database.ts";

export type OptionSpec =
  | { type: "string"; description: string; placeholder?: string }
  | { type: "boolean"; description: string };

export type OptionValues = Record<string, string | boolean | undefined>;

/**
 * One CLI command. `prepare` checks every input (files, slugs, targets) without a
 * database and returns the work to do; the runner opens the database only after that,
 * so bad input can never leave anything half-written.
 */
export interface Command {
  group: string;
  name: string;
  summary: string;
  /** Positional argument names, in order. */
  args: readonly string[];
  options?: Record<string, OptionSpec>;
  /** Extra help text (examples, rules). */
  details?: string;
  /** Changes data: gets --dry-run, which does the work in a transaction and rolls it back. */
  writes?: boolean;
  /**
   * Destroys data: the question asked on a terminal before the work is done. --yes skips
   * it; without a terminal the command refuses unless --yes is given.
   */
  confirm?: (args: Record<string, string>) => string;
  prepare(
    input: { args: Record<string, string>; options: OptionValues },
    config: ServerConfig,
  ): Promise<(db: Database, out: (line: string) => void) => Promise<void>>;
}

/** For listing and report commands: one JSON document on stdout instead of a table. */
export const JSON_OPTION: Record<"json", OptionSpec> = {
  json: { type: "boolean", description: "print one JSON document (times in UTC) instead of text" },
};

/** What a group's `list` command reads and how it prints each row. */
export interface Listing<Row> {
  group: string;
  summary: string;
  read: (db: Database) => Promise<Row[]>;
  /** Printed instead of an empty table. */
  none: string;
  columns: string[];
  cells: (row: Row) => string[];
}

/** A group's `list` command: the rows as a table, or as they are read with --json. */
export function listCommand<Row>(listing: Listing<Row>): Command {
  return {
    group: listing.group,
    name: "list",
    summary: listing.summary,
    args: [],
    options: JSON_OPTION,
    async prepare({ options }) {
      return async (db, out) => {
        const rows = await listing.read(db);
        if (options.json) return printJson(rows, out);
        if (rows.length === 0) return out(listing.none);
        table([listing.columns, ...rows.map(listing.cells)], out);
      };
    },
  };
}

/** The options every writing or destroying command gets from the runner. */
export function optionsOf(command: Command): Record<string, OptionSpec> {
  return {
    ...command.options,
    ...(command.writes && {
      "dry-run": {
        type: "boolean",
        description: "check everything and show what would change, then save nothing",
      },
    }),
    ...(command.confirm && {
      yes: {
        type: "boolean",
        description: "do not ask for confirmation (needed without a terminal)",
      },
    }),
  } satisfies Record<string, OptionSpec>;
}

export function usageOf(command: Command): string {
  const args = command.args.map((arg) => `<${arg}>`).join(" ");
  const options = Object.entries(optionsOf(command));
  const lines = [
    `Usage: npx rise-admin ${command.group} ${command.name}${args ? ` ${args}` : ""}${options.length ? " [options]" : ""}`,
    "",
    command.summary,
  ];
  if (options.length > 0) {
    lines.push("", "Options:");
    for (const [name, spec] of options) {
      const flag =
        spec.type === "string" ? `--${name} <${spec.placeholder ?? "value"}>` : `--${name}`;
      lines.push(`  ${flag.padEnd(28)} ${spec.description}`);
    }
  }
  if (command.details) lines.push("", command.details);
  return lines.join("\n");
}

const UNPRINTABLE = /[\p{Cc}\p{Cf}]/gu;

/**
 * `value` with every control (Cc) and format (Cf) character written as `\u{…}`, the way the
 * CLI prints anything: a name a stranger sent, printed raw, could drive the terminal (U+009B
 * starts an escape sequence, U+001B too) or reverse the text after it (U+202E).
 */
export function printable(value: string): string {
  return value.replace(UNPRINTABLE, (char) => `\\u{${char.codePointAt(0)?.toString(16)}}`);
}

/** Each line of `text` made printable, its line breaks kept: the runner's guard on all output. */
export function printableLines(text: string): string {
  return text.split("\n").map(printable).join("\n");
}

/** Prints rows as aligned columns, each cell made printable (a line break in one can't forge a row). */
export function table(cells: string[][], out: (line: string) => void): void {
  const rows = cells.map((row) => row.map(printable));
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, cell.length);
    });
  }
  for (const row of rows) {
    out(
      row
        .map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)))
        .join("  ")
        .trimEnd(),
    );
  }
}

const twoDigits = (value: number) => String(value).padStart(2, "0");

/**
 * A stored (UTC) time in the operator's local time zone, with its offset so the text
 * means the same thing to whoever it is pasted to: "2026-03-01 14:05 +01:00".
 */
export function formatTime(date: Date | null): string {
  if (!date) return "-";
  const offset = -date.getTimezoneOffset();
  const sign = offset < 0 ? "-" : "+";
  const zone = `${sign}${twoDigits(Math.floor(Math.abs(offset) / 60))}:${twoDigits(Math.abs(offset) % 60)}`;
  return `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())} ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())} ${zone}`;
}

/** `\u009b`: one JSON escape per UTF-16 unit, so a character beyond U+FFFF becomes its surrogate pair. */
const jsonEscape = (char: string) =>
  char
    .split("")
    .map((unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, "0")}`)
    .join("");

/**
 * Prints a listing for --json: one document, nothing else on stdout. JSON.stringify escapes
 * C0 controls only; C1 controls, DEL and format characters are escaped here too (\u009b), so
 * the document is as safe on a terminal as the text output and still parses to the same strings.
 * Its own line breaks (the indentation's) are the only raw ones: those inside strings are `\n`.
 */
export function printJson(value: unknown, out: (line: string) => void): void {
  out(
    JSON.stringify(value, null, 2).replace(UNPRINTABLE, (char) =>
      char === "\n" ? char : jsonEscape(char),
    ),
  );
}
