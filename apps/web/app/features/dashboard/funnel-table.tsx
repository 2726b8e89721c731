import type { FunnelGrouping, FunnelReport } from "@bakery/shared/admin-contract";
import { type FunnelRow, funnelRows, groupingNames, otherRowNote } from "./funnel-rows.ts";
import { formatRate } from "./rate-format.ts";
import { SortableTable, type TableColumn } from "./sortable-table.tsx";

/** A rate between two steps: sorted by its value, shown and exported as a percentage. */
function rateColumn(
  id: string,
  label: string,
  rate: (row: FunnelRow) => number | null,
): TableColumn<FunnelRow> {
  return {
    id,
    label,
    value: rate,
    render: (row) => formatRate(rate(row)),
    csv: (row) => formatRate(rate(row)),
    numeric: true,
  };
}

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
    rateColumn("booking-rate", "Demo rate", (row) => row.bookingRate),
    {
      id: "checkouts",
      label: "Sign-ups paid",
      value: (row) => row.checkoutsCompleted,
      numeric: true,
    },
    rateColumn("checkout-rate", "Sign-up rate", (row) => row.checkoutRate),
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
