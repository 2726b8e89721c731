import { attributionReport } from "../../funnel/attribution-report.ts";
import { type Command, formatTime, JSON_OPTION, printJson, table } from "../command.ts";
import { sinceArg } from "../validate-input.ts";

const DEFAULT_SINCE = "30d";

export const reportCommands: Command[] = [
  {
    group: "report",
    name: "attribution",
    summary: "Booked demos by utm source / medium / campaign and by landing page.",
    args: [],
    options: {
      since: {
        type: "string",
        description: `how far back: 30d, 12h or a date like 2026-01-01 (default ${DEFAULT_SINCE})`,
        placeholder: "when",
      },
      ...JSON_OPTION,
    },
    details: [
      "Counts the demos booked in the scheduling widget on /book-demo and not canceled, as",
      "the dashboard's \"demos booked\" does (where the scheduling provider's signed webhook is",
      "set up, only those it confirmed), with the source the visitor arrived from (utm",
      "parameters, or the referring site) and the first page they saw. Most bookings first.",
      "Names are printed with control and format characters escaped (\\u{9b}).",
      "",
      "Example: npx rise-admin report attribution --since 7d",
    ].join("\n"),
    async prepare({ options }, config) {
      const sinceText = typeof options.since === "string" ? options.since : DEFAULT_SINCE;
      const since = sinceArg("--since", sinceText, new Date());
      return async (db, out) => {
        const report = await attributionReport(db, since, config);
        if (options.json) return printJson({ since, ...report }, out);
        const period = `since ${formatTime(since)}`;
        if (report.total === 0) return out(`No booked demos ${period}.`);

        out(`${report.total} booked demo${report.total === 1 ? "" : "s"} ${period}.`);
        out("");
        out("By source / medium / campaign:");
        table(
          [
            ["SOURCE", "MEDIUM", "CAMPAIGN", "DEMOS"],
            ...report.bySource.map((row) => [
              row.source ?? "(none)",
              row.medium ?? "-",
              row.campaign ?? "-",
              String(row.count),
            ]),
          ],
          out,
        );
        out("");
        out("By landing page:");
        table(
          [
            ["LANDING PAGE", "DEMOS"],
            ...report.byLanding.map((row) => [row.landing ?? "(unknown)", String(row.count)]),
          ],
          out,
        );
      };
    },
  },
];
