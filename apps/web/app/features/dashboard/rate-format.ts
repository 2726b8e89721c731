const percent = new Intl.NumberFormat("en-GB", {
  style: "percent",
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** A conversion rate as a percentage ("4.2%"), or a dash when there were no landings to divide by. */
export function formatRate(rate: number | null): string {
  return rate === null ? "–" : percent.format(rate);
}
