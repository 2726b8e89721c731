/**
 * Thrown by a write that would pass one of the team's limits on what it keeps (live short
 * links, pages, old page addresses), saying which and what to do. The limits bound what the
 * back office's answers list and what a stolen session can add; the queries that make the
 * rows check them, so the editor, the CLI and the seed all keep them. The API answers it as
 * 409 with its words; the CLI prints them.
 */
export class TeamLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TeamLimitError";
  }
}

/** "1,000": how the limits' words write a number. */
export const formatLimit = (limit: number) => limit.toLocaleString("en-US");
