import { serverConfigSchema } from "../../config.ts";
import { type PrunedRows, pruneOldCounts, retentionCutoffDay } from "../../funnel/retention.ts";
import { UsageError } from "../cli-errors.ts";
import { type Command, JSON_OPTION, printJson, table } from "../command.ts";

/** The same rule as ATTRIBUTION_RETENTION_DAYS, so the CLI keeps no less than the server may. */
const retentionDaysSchema = serverConfigSchema.in.shape.ATTRIBUTION_RETENTION_DAYS;

const tableLabels: Record<keyof PrunedRows, string> = {
  landingCounts: "landings by page",
  campaignLandingCounts: "landings by campaign",
  demoBookings: "demo bookings",
  checkoutSessions: "checkout sessions",
  visitReferences: "visit references",
  attributionNames: "source, medium and campaign names",
  shortLinkClicksByDay: "short-link clicks by day",
};

function retentionDaysArg(value: string): number {
  const parsed = retentionDaysSchema.safeParse(value);
  if (!parsed.success) {
    const { minValue, maxValue } = retentionDaysSchema.unwrap();
    throw new UsageError(
      `--days "${value}" must be a whole number of days from ${minValue} to ${maxValue}`,
    );
  }
  return parsed.data;
}

export const dataCommands: Command[] = [
  {
    group: "data",
    name: "prune",
    summary: "Delete the marketing data older than the retention period.",
    args: [],
    writes: true,
    options: {
      days: {
        type: "string",
        description: "keep this many days (default ATTRIBUTION_RETENTION_DAYS)",
        placeholder: "N",
      },
      ...JSON_OPTION,
    },
    details: [
      "Removes what the dashboard and the webhooks keep about campaigns from before the",
      "retention period: landing counts, demo bookings, checkout sessions, visit references,",
      "the names landings brought (once no kept landing carries them) and short-link clicks",
      "by day. The server does the same at start and every day with ATTRIBUTION_RETENTION_DAYS;",
      "this is for doing it now, or for a shorter period.",
      "",
      "Example: npx rise-admin data prune --days 400 --dry-run",
    ].join("\n"),
    async prepare({ options }, config) {
      const retentionDays =
        typeof options.days === "string"
          ? retentionDaysArg(options.days)
          : config.ATTRIBUTION_RETENTION_DAYS;
      return async (db, out) => {
        const now = new Date();
        const removed = await pruneOldCounts(db, { retentionDays, now });
        const before = retentionCutoffDay(now, retentionDays);
        if (options.json) return printJson({ retentionDays, before, removed }, out);
        out(`Removed the marketing data from before ${before} (${retentionDays} days kept):`);
        table(
          [
            ["DATA", "ROWS REMOVED"],
            ...Object.entries(removed).map(([name, rows]) => [
              tableLabels[name as keyof PrunedRows],
              String(rows),
            ]),
          ],
          out,
        );
      };
    },
  },
];
