import { daysOf, type LinkReportRow, type LinksReport } from "@bakery/shared/admin-contract";
import { type ReactNode, useId, useMemo, useRef } from "react";
import { buttonClasses } from "#app/ui/button-styles.ts";
import { LinkQrCode } from "./link-qr-code.tsx";
import { matchesLinkSearch } from "./link-search.ts";
import { formatDay } from "./report-range.ts";
import { SortableTable, type TableColumn } from "./sortable-table.tsx";
import { Sparkline } from "./sparkline.tsx";

type LinkRow = LinkReportRow & {
  path: string;
  /** Clicks on each day of the range, oldest first, the days without any as 0. */
  dailyClicks: number[];
};

const lastClickedFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
  timeZoneName: "short",
});

/**
 * Long addresses wrap where they must, anywhere, so no address makes the table wider; the
 * least width keeps a short one on one line.
 */
const addressClass = "block wrap-anywhere";

/** The counts, after the link's own address: the CSV has them in this order too. */
const countColumns: TableColumn<LinkRow>[] = [
  {
    id: "path",
    label: "Short link",
    value: (row) => row.path,
    render: (row) => <span className={`${addressClass} min-w-36 max-w-48`}>{row.path}</span>,
    firstDirection: "ascending",
  },
  {
    id: "range-clicks",
    label: "Clicks in range",
    value: (row) => row.clicksInRange,
    numeric: true,
  },
  {
    id: "range-scans",
    label: "Scans in range",
    description: "Follows from the link's QR code, counted apart from clicks",
    value: (row) => row.scansInRange,
    numeric: true,
  },
  {
    id: "per-day",
    label: "Per day",
    render: (row) => <Sparkline values={row.dailyClicks} summary={sparklineSummary(row)} />,
  },
  { id: "total-clicks", label: "All-time clicks", value: (row) => row.totalClicks, numeric: true },
  { id: "total-scans", label: "All-time scans", value: (row) => row.totalScans, numeric: true },
];

const qrCodeColumn: TableColumn<LinkRow> = {
  id: "qr-code",
  label: "QR code",
  render: (row) => <LinkQrCode cat={row.cat} id={row.id} />,
};

const detailColumns: TableColumn<LinkRow>[] = [
  {
    id: "last-clicked",
    label: "Last clicked",
    value: (row) => row.lastClickedAt,
    render: (row) =>
      row.lastClickedAt ? lastClickedFormat.format(new Date(row.lastClickedAt)) : "Never",
  },
  {
    id: "target",
    label: "Goes to",
    value: (row) => row.target,
    render: (row) => <span className={`${addressClass} min-w-40 max-w-48`}>{row.target}</span>,
    firstDirection: "ascending",
  },
];

function sparklineSummary(row: LinkRow): string {
  const busiest = row.clicksByDay.reduce<LinkReportRow["clicksByDay"][number] | undefined>(
    (best, day) => (day.clicks > (best?.clicks ?? 0) ? day : best),
    undefined,
  );
  return busiest
    ? `Busiest day ${formatDay(busiest.day)} with ${busiest.clicks} clicks`
    : "No clicks in this range";
}

/**
 * Each link with its address and its clicks on every day of the range: the report lists only
 * the days it was followed.
 */
function linkRows(report: LinksReport): LinkRow[] {
  const days = daysOf(report.from, report.to);
  return report.links.map((link) => {
    const clicksOn = new Map(link.clicksByDay.map(({ day, clicks }) => [day, clicks]));
    return {
      ...link,
      path: `/to/${link.cat}/${link.id}`,
      dailyClicks: days.map((day) => clicksOn.get(day) ?? 0),
    };
  });
}

/**
 * Every short link with its clicks in the range (and their shape per day) and all time, and
 * `actions` on each (copy, edit, delete) when given; **Find a link** above it shows only the
 * links its words describe (and the CSV has those). Ten columns are wider than the page beside
 * the menu, so the table scrolls sideways in its own region (never the page); the actions and
 * the QR code come before the last click and the target, so they are in view without
 * scrolling on a laptop's screen. The search is its caller's, so it outlasts the table while
 * the report loads again after an edit.
 */
export function LinksTable({
  report,
  actions,
  search,
  onSearch,
}: {
  report: LinksReport;
  actions?: (link: LinkReportRow) => ReactNode;
  search: string;
  onSearch: (search: string) => void;
}) {
  // Links × days numbers for the sparklines: made again only when the report changes, not
  // when the dashboard around the table does.
  const rows = useMemo(() => linkRows(report), [report]);
  const found = useMemo(() => rows.filter((row) => matchesLinkSearch(row, search)), [rows, search]);
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const searched = search.trim();
  return (
    <div className="flex flex-col gap-4">
      <search aria-label="Short links" className="flex max-w-md flex-col gap-1">
        <label htmlFor={`${id}-find`} className="font-semibold text-ink text-sm">
          Find a link
        </label>
        <input
          ref={field}
          id={`${id}-find`}
          type="search"
          value={search}
          onChange={(event) => onSearch(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={`${id}-find-note`}
          className="form-field h-11 px-3"
        />
        <p id={`${id}-find-note`} className="text-cocoa text-sm">
          By its address, where it goes, or a campaign name in it.
        </p>
      </search>
      {/* In the page from the start, so each count is announced as the search changes. */}
      <p role="status" className={searched ? "text-cocoa text-sm" : "sr-only"}>
        {!searched
          ? ""
          : found.length === 0
            ? `No link matches “${searched}”.`
            : `${found.length} of ${rows.length} ${rows.length === 1 ? "link matches" : "links match"} “${searched}”.`}
      </p>
      {found.length === 0 ? (
        <button
          type="button"
          onClick={() => {
            onSearch("");
            field.current?.focus();
          }}
          className={`${buttonClasses("secondary")} self-start`}
        >
          Show every link
        </button>
      ) : (
        <SortableTable
          caption={`Short links, clicks ${report.from} to ${report.to}`}
          columns={[
            ...countColumns,
            ...(actions ? [{ id: "actions", label: "Actions", render: actions }] : []),
            qrCodeColumn,
            ...detailColumns,
          ]}
          rows={found}
          rowKey={(row) => row.path}
          initialSort={{ column: "range-clicks", direction: "descending" }}
          fileName={`short-links-${report.from}-to-${report.to}`}
        />
      )}
    </div>
  );
}
