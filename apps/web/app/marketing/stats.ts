export type Stat = { value: string; label: string };

/** Placeholder marketing claims from spec §1. */
export const stats: Stat[] = [
  { value: "20%", label: "increase in Sales" },
  { value: "25%", label: "increase in Employee Efficiency" },
  { value: "15%", label: "increase in Customer Retention" },
];
