/** `npm run bench`'s flags (described in run.ts), and which sections they ask for. */
import { parseArgs } from "node:util";
import { pagesAtTheirOwnAddress } from "@bakery/web/public-routes";
import { WIDGET_ROUTES } from "./widget-timing.ts";

/** `--against` with no ref (last, or before another flag) asks for the default one. */
function withAgainstValue(args: string[]): string[] {
  return args.map((arg, index) =>
    arg === "--against" && (index === args.length - 1 || args[index + 1]?.startsWith("--"))
      ? "--against="
      : arg,
  );
}

const { values: flags } = parseArgs({
  args: withAgainstValue(process.argv.slice(2)),
  options: {
    "pages-only": { type: "boolean", default: false },
    "api-only": { type: "boolean", default: false },
    "static-only": { type: "boolean", default: false },
    "widgets-only": { type: "boolean", default: false },
    "admin-only": { type: "boolean", default: false },
    "flood-only": { type: "boolean", default: false },
    runs: { type: "string" },
    quick: { type: "boolean", default: false },
    routes: { type: "string" },
    load: { type: "boolean", default: false },
    soak: { type: "boolean", default: false },
    against: { type: "string" },
    "keep-previous": { type: "boolean", default: false },
  },
});

export { flags };

const onlyFlags = [
  "pages-only",
  "api-only",
  "static-only",
  "widgets-only",
  "admin-only",
  "flood-only",
] as const;

/** The first problem with the flags given, if any. */
export function flagProblem(): string | undefined {
  if (onlyFlags.filter((flag) => flags[flag]).length > 1) {
    return `${onlyFlags.map((flag) => `--${flag}`).join(", ")} exclude each other`;
  }
  if (!Number.isInteger(runs) || runs < 1 || runs > 20) {
    return "--runs must be a whole number from 1 to 20";
  }
  if (flags["keep-previous"] && flags.against === undefined) {
    return "--keep-previous goes with --against";
  }
  if (flags.against !== undefined && (flags["admin-only"] || flags["flood-only"])) {
    return "the operators' reports are measured on the current code only: drop --against";
  }
  return undefined;
}

export const runs = Number(flags.runs ?? (flags.quick ? 1 : 3));
/** The ref to compare with ("" for the default), or undefined without `--against`. */
export const against = flags.against?.trim();
// The short-link shell is measured as a short link (time to target), not as a page.
export const routes = flags.routes ? flags.routes.split(",") : pagesAtTheirOwnAddress;
// The operators' reports run on their own databases: --admin-only and --flood-only need no site.
const reportsOnly = flags["admin-only"] || flags["flood-only"];
export const measurePages =
  !flags["api-only"] && !flags["static-only"] && !flags["widgets-only"] && !reportsOnly;
export const measureWidgets =
  !flags["api-only"] &&
  !flags["static-only"] &&
  !reportsOnly &&
  WIDGET_ROUTES.some(({ route }) => routes.includes(route));
export const measureApiLoad =
  !flags["pages-only"] && !flags["static-only"] && !flags["widgets-only"] && !reportsOnly;
export const measureStaticLoad = !flags["pages-only"] && !flags["widgets-only"] && !reportsOnly;
const measureOperatorReports =
  !flags["pages-only"] && !flags["static-only"] && !flags["widgets-only"] && !flags.routes;
export const measureAdminReportsSection = measureOperatorReports && !flags["flood-only"];
export const measureFunnelFloodSection = measureOperatorReports;
/** A full pages run also measures a signed-in visitor's link behind sign-in (benchShortLinks). */
export const measureShortLinks = measurePages && !flags.routes;
