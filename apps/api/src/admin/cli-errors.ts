/** Wrong command line: print the message and usage, exit 2, touch nothing. */
export class UsageError extends Error {
  readonly usage: string | undefined;
  constructor(message: string, usage?: string) {
    super(message);
    this.name = "UsageError";
    this.usage = usage;
  }
}

/** The command line was fine but the operation can't be done (exit 1). */
export class CommandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CommandError";
  }
}
