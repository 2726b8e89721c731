import { createInterface } from "node:readline/promises";
import { type ParseArgsOptionsConfig, parseArgs } from "node:util";
import { ConfigError } from "@bakery/shared/config";
import { loadServerConfig } from "../config.ts";
import { describeDatabase } from "../db/database-identity.ts";
import { TeamLimitError } from "../limits/team-limit.ts";
import { PRODUCT_VERSION } from "../version.ts";
import { openAdminDatabase } from "./admin-database.ts";
import { CommandError, UsageError } from "./cli-errors.ts";
import { type Command, optionsOf, printableLines, usageOf } from "./command.ts";
import { dataCommands } from "./commands/data.ts";
import { linkCommands } from "./commands/links.ts";
import { pageCommands } from "./commands/pages.ts";
import { reportCommands } from "./commands/report.ts";
import { userCommands } from "./commands/users.ts";
import { nearestCommand } from "./nearest-command.ts";

/**
 * Operator CLI: `npx rise-admin <group> <command> [args] [options]`.
 * Works with the local server running (through its shared database socket), without
 * it (PGlite directly), or against DATABASE_URL.
 */

const COMMANDS: Command[] = [
  ...pageCommands,
  ...linkCommands,
  ...userCommands,
  ...reportCommands,
  ...dataCommands,
];
const GROUPS: Record<string, string> = {
  pages: "content pages (privacy policy, terms, …)",
  links: "short links (/to/<cat>/<id>)",
  users: "signed-in users, their account status and role",
  report: "reports: where booked demos come from",
  data: "the marketing data kept, and removing what is past its retention period",
};

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** Whether a person is at a terminal to answer a question. */
  interactive: boolean;
  ask: (question: string) => Promise<string>;
}

const stdio: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  interactive: Boolean(process.stdin.isTTY && process.stderr.isTTY),
  ask: async (question) => {
    // On stderr, so a question never ends up in piped output.
    const prompt = createInterface({ input: process.stdin, output: process.stderr });
    try {
      return await prompt.question(question);
    } finally {
      prompt.close();
    }
  },
};

/** Rolls a dry run's transaction back once the command's work is done. */
class DryRunRollback extends Error {}

function mainHelp(): string {
  const lines = ["Usage: npx rise-admin <group> <command> [args] [options]", "", "Commands:"];
  for (const command of COMMANDS) {
    const args = command.args.map((a) => `<${a}>`).join(" ");
    lines.push(`  ${`${command.group} ${command.name} ${args}`.padEnd(42)} ${command.summary}`);
  }
  lines.push(
    "",
    '"npx rise-admin help <group> <command>" (or --help after it) shows a command\'s options;',
    "--version prints the version. The database is DATABASE_URL if set, otherwise the",
    "embedded one in DATA_DIR (through the running local server if there is one); every",
    "command that opens it says which on stderr. Times are shown in the local time zone.",
    "Control and format characters in what it prints are escaped: \\u{9b} in text,",
    "\\u009b in --json (still JSON, which reads back the same).",
  );
  return lines.join("\n");
}

function groupHelp(group: string): string {
  const lines = [`Usage: npx rise-admin ${group} <command>`, "", `Manage ${GROUPS[group]}.`, ""];
  for (const command of COMMANDS.filter((c) => c.group === group)) {
    lines.push(`  ${command.name.padEnd(12)} ${command.summary}`);
  }
  return lines.join("\n");
}

const isHelp = (arg: string | undefined) => arg === "--help" || arg === "-h";

function unknownCommand(typed: string[], io: CliIo): number {
  const known = [...Object.keys(GROUPS), ...COMMANDS.map((c) => `${c.group} ${c.name}`)];
  const text = typed.join(" ");
  const suggestion = nearestCommand(text, known);
  io.err(`error: unknown command "${text}"${suggestion ? `; did you mean "${suggestion}"?` : ""}`);
  io.err('Run "npx rise-admin --help" for the list of commands.');
  return 2;
}

/** `help`, `help <group>`, `help <group> <command>`. */
function help(topic: string[], io: CliIo): number {
  const [group, name] = topic;
  if (group === undefined) io.out(mainHelp());
  else if (!(group in GROUPS)) return unknownCommand(topic, io);
  else if (name === undefined) io.out(groupHelp(group));
  else {
    const command = COMMANDS.find((c) => c.group === group && c.name === name);
    if (!command) return unknownCommand(topic, io);
    io.out(usageOf(command));
  }
  return 0;
}

/** Runs one command and returns the exit code: 0 done, 1 failed, 2 bad command line. */
export async function runCli(
  argv: string[],
  env: Record<string, string | undefined>,
  terminal: CliIo = stdio,
): Promise<number> {
  // Names, addresses and titles come from strangers: nothing reaches the terminal raw.
  const io: CliIo = {
    ...terminal,
    out: (line) => terminal.out(printableLines(line)),
    err: (line) => terminal.err(printableLines(line)),
  };
  const [group, name, ...rest] = argv;
  if (group === "--version" || group === "-v") {
    io.out(`rise-admin ${PRODUCT_VERSION}`);
    return 0;
  }
  if (group === "help") return help(argv.slice(1), io);
  if (group === undefined || isHelp(group)) {
    (group === undefined ? io.err : io.out)(mainHelp());
    return group === undefined ? 2 : 0;
  }
  if (!(group in GROUPS)) return unknownCommand(argv.slice(0, 2), io);
  if (name === undefined || isHelp(name)) {
    (name === undefined ? io.err : io.out)(groupHelp(group));
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS.find((c) => c.group === group && c.name === name);
  if (!command) return unknownCommand([group, name], io);

  try {
    const input = parseCommandLine(command, rest);
    if (input === "help") {
      io.out(usageOf(command));
      return 0;
    }
    const config = loadServerConfig(env);
    // Everything is validated before the database is opened: bad input writes nothing.
    const action = await command.prepare(input, config);
    const dryRun = input.options["dry-run"] === true;
    if (command.confirm && !dryRun && input.options.yes !== true) {
      const question = command.confirm(input.args);
      if (!io.interactive) {
        throw new UsageError(`${question} There is no terminal to ask on: add --yes to confirm.`);
      }
      const answer = await io.ask(`${question} [y/N] `);
      if (!/^y(es)?$/i.test(answer.trim())) {
        io.err("Cancelled; nothing was changed.");
        return 1;
      }
    }
    // Said before anything is written, so a forgotten DATABASE_URL can't go unnoticed.
    io.err(`database: ${describeDatabase(config)}`);
    const database = await openAdminDatabase(config);
    try {
      if (dryRun) {
        io.out("Dry run: the changes below were made and then rolled back; nothing was saved.");
        await database.db
          .transaction(async (transaction) => {
            await action(transaction, io.out);
            throw new DryRunRollback();
          })
          .catch((error: unknown) => {
            if (!(error instanceof DryRunRollback)) throw error;
          });
      } else {
        await action(database.db, io.out);
      }
    } finally {
      await database.close();
    }
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`error: ${error.message}`);
      io.err(`Run "npx rise-admin help ${group} ${name}" for usage.`);
      return 2;
    }
    if (error instanceof CommandError || error instanceof TeamLimitError) {
      io.err(`error: ${error.message}`);
      return 1;
    }
    if (error instanceof ConfigError) {
      io.err(error.message);
      return 1;
    }
    io.err(`error: ${(error as Error).message ?? String(error)}`);
    return 1;
  }
}

function parseCommandLine(
  command: Command,
  argv: string[],
):
  | "help"
  | { args: Record<string, string>; options: Record<string, string | boolean | undefined> } {
  const options: ParseArgsOptionsConfig = { help: { type: "boolean", short: "h" } };
  for (const [optionName, spec] of Object.entries(optionsOf(command))) {
    options[optionName] = { type: spec.type };
  }
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (parsed.values.help) return "help";
  const positionals = parsed.positionals;
  if (positionals.length !== command.args.length) {
    const expected = command.args.map((a) => `<${a}>`).join(" ") || "no arguments";
    throw new UsageError(`expected ${expected}, got ${positionals.length} argument(s)`);
  }
  const args = Object.fromEntries(
    command.args.map((argName, i) => [argName, positionals[i] ?? ""]),
  );
  const values = parsed.values as Record<string, string | boolean | undefined>;
  return { args, options: values };
}
