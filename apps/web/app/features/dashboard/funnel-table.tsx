import type { FunnelGrouping, FunnelReport, FunnelTotals } from "@bakery/shared/admin-contract";
import { formatRate } from "./rate-format.ts";
import { SortableTable, type TableColumn } from "./sortable-table.tsx";

type FunnelRow = FunnelTotals & { key: string | null; label: string };

const groupingNames: Record<FunnelGrouping, { column: string; none: string }> = {
  campaign: { column: "Campaign", none: "No campaign" },
  source: { column: "Source", none: "No source" },
  medium: { column: "Medium", none: "No medium" },
};

function funnelColumns(by: FunnelGrouping): TableColumn<FunnelRow>[] {
  return [
    {
      id: "key",
      label: groupingNames[by].column,
      // Visits without a campaign sort after the named ones, either way.
      value: (row) => row.key || null,
      render: (row) => row.label,
      csv: (row) => row.label,
      firstDirection: "ascending",
    },
    { id: "landings", label: "Landings", value: (row) => row.landings, numeric: true },
    { id: "demos", label: "Demos booked", value: (row) => row.demosBooked, numeric: true },
    {
      id: "booking-rate",
      label: "Demo rate",
      value: (row) => row.bookingRate,
      render: (row) => formatRate(row.bookingRate),
      csv: (row) => formatRate(row.bookingRate),
      numeric: true,
    },
    {
      id: "checkouts",
      label: "Sign-ups paid",
      value: (row) => row.checkoutsCompleted,
      numeric: true,
    },
    {
      id: "checkout-rate",
      label: "Sign-up rate",
      value: (row) => row.checkoutRate,
      render: (row) => formatRate(row.checkoutRate),
      csv: (row) => formatRate(row.checkoutRate),
      numeric: true,
    },
  ];
}

/**
 * The funnel per campaign (or source, or medium): landings, demos booked, paid sign-ups
 * and the rates between them, with the range's totals underneath.
 */
export function FunnelTable({ report }: { report: FunnelReport }) {
  const names = groupingNames[report.by];
  const rows: FunnelRow[] = report.groups.map((group) => ({
    ...group,
    // A visit from a plain link has a source but an empty campaign and medium.
    label: group.key || names.none,
  }));
  return (
    <SortableTable
      // A new table per grouping: its sort and columns start afresh.
      key={report.by}
      caption={`Funnel by ${report.by}, ${report.from} to ${report.to}`}
      columns={funnelColumns(report.by)}
      rows={rows}
      rowKey={(row) => row.key ?? "\0none"}
      initialSort={{ column: "landings", direction: "descending" }}
      footer={{ ...report.totals, key: null, label: "Total" }}
      fileName={`funnel-by-${report.by}-${report.from}-to-${report.to}`}
    />
  );
}
