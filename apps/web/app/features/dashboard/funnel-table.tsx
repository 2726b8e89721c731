import type { FunnelGrouping, FunnelReport } from "@bakery/shared/admin-contract";
import { type FunnelRow, funnelRows, groupingNames, otherRowNote } from "./funnel-rows.ts";
import { formatRate } from "./rate-format.ts";
import { SortableTable, type TableColumn } from "./sortable-table.tsx";

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
      id: "confirmed",
      label: "Confirmed",
      description:
        "of the demos booked, those the scheduling provider confirmed itself (its signed notice of the booking). The rest were reported only by the visitor's browser.",
      value: (row) => row.demosConfirmed,
      numeric: true,
    },
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
 * The funnel per campaign (or source, or medium): landings, demos booked and how many of them
 * the scheduling provider confirmed, paid sign-ups and the rates between them; then "Other"
 * for what the report does not name, and the range's totals underneath.
 */
export function FunnelTable({ report }: { report: FunnelReport }) {
  const { groups, other, total } = funnelRows(report);
  return (
    <SortableTable
      // A new table per grouping: its sort and columns start afresh.
      key={report.by}
      caption={`Funnel by ${report.by}, ${report.from} to ${report.to}`}
      columns={funnelColumns(report.by)}
      rows={groups}
      rowKey={(row) => row.id}
      initialSort={{ column: "landings", direction: "descending" }}
      pinnedRow={other}
      footer={total}
      notes={other ? [otherRowNote(report.by)] : []}
      fileName={`funnel-by-${report.by}-${report.from}-to-${report.to}`}
    />
  );
}
