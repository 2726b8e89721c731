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
  prepare(
    input: { args: Record<string, string>; options: OptionValues },
    config: ServerConfig,
  ): Promise<(db: Database, out: (line: string) => void) => Promise<void>>;
}

export function usageOf(command: Command): string {
  const args = command.args.map((arg) => `<${arg}>`).join(" ");
  const options = Object.entries(command.options ?? {});
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

/** Prints rows as aligned columns. */
export function table(rows: string[][], out: (line: string) => void): void {
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

export const formatTime = (date: Date | null) =>
  date ? date.toISOString().replace("T", " ").slice(0, 16) : "-";
