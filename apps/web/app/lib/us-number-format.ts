/**
 * Numbers as US English writes them, written out by hand (dates: formatCalendarDate). A page's first call of
 * toLocaleString or Intl.NumberFormat sets up the locale's number formatting in one long task,
 * just as the pricing page's savings estimate first appears (its Total Blocking Time) or as a
 * visitor asks for a cake quote.
 */

/** Digits grouped by thousands: 20000 → "20,000", -1234.5 → "-1,234.5". Finite numbers below 1e21. */
export function groupThousands(value: number): string {
  const [whole = "", fraction] = Math.abs(value).toString().split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ",");
  return `${value < 0 ? "-" : ""}${grouped}${fraction === undefined ? "" : `.${fraction}`}`;
}

/** Dollars and cents: 1234.5 → "$1,234.50", -3 → "-$3.00". */
export function formatUsd(amount: number): string {
  const cents = Math.round(Math.abs(amount) * 100);
  const dollars = groupThousands(Math.floor(cents / 100));
  const sign = amount < 0 && cents > 0 ? "-" : "";
  return `${sign}$${dollars}.${String(cents % 100).padStart(2, "0")}`;
}
