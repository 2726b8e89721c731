import { groupThousands } from "#app/lib/us-number-format.ts";
import { convenienceFee, monthlyPrice } from "./pricing.ts";

/** The marketing claims the estimate is built from (spec §1 and §9), as fractions. */
export const claims = {
  salesLift: 0.2,
  efficiencyGain: 0.25,
  retentionGain: 0.15,
  deliveryLift: { low: 0.1, high: 0.2 },
} as const;

export const bounds = {
  // Below $100 a month the estimate says nothing of use ("$0 a month, about 0% of the price").
  monthlySales: { min: 100, max: 5_000_000 },
  ordersPerWeek: { max: 20_000 },
  hoursPerWeek: { max: 168 },
} as const;

const weeksPerMonth = 52 / 12;

export type SavingsInput = { monthlySales: string; ordersPerWeek: string; hoursPerWeek: string };

export type SavingsEstimate = {
  monthlySales: number;
  extraSales: number;
  priceMultiple: number;
  net: number;
  deliveryLow: number;
  deliveryHigh: number;
  /** Hours saved a month; null when the visitor gave no hours. */
  hoursSaved: number | null;
  /** What a customer pays per online order at the average order size; null without orders. */
  customerFeePerOrder: number | null;
  sentence: string;
};

/** One message per figure that cannot be used, keyed like the input. */
export type SavingsErrors = Partial<Record<keyof SavingsInput, string>>;

export type SavingsResult =
  | { ok: true; estimate: SavingsEstimate }
  | { ok: false; errors: SavingsErrors };

type Parsed = { value: number | null; error?: string };

/** Reads a typed amount such as "$20,000" or "12.5"; empty gives null. */
function parseAmount(
  text: string,
  field: {
    name: string;
    max: number;
    maxText: string;
    /** A typical figure, shown when the text is not a number. */
    example: string;
    required: boolean;
    /** Sums of money: dollars and cents, so "20.000" (twenty thousand, written the European way) is not read as $20. */
    money?: { min: number; minText: string };
  },
): Parsed {
  const { name, max, maxText, example, required, money } = field;
  const cleaned = text.replace(/[$,\s]/g, "");
  if (cleaned === "")
    return required ? { value: null, error: `Enter your ${name}.` } : { value: null };
  if (!/^-?\d+(\.\d+)?$/.test(cleaned))
    return { value: null, error: `Enter your ${name} as a number, like ${example}.` };
  if (money && /\.\d{3,}$/.test(cleaned))
    return { value: null, error: `Enter your ${name} in dollars, like ${example}.` };
  const value = Number(cleaned);
  if (value < 0) return { value: null, error: `Your ${name} can't be negative.` };
  if (required && value === 0) return { value: null, error: `Enter ${name} above zero.` };
  if (money && value < money.min)
    return { value: null, error: `Enter ${name} of at least ${money.minText}.` };
  if (value > max)
    return {
      value: null,
      error: `That is more than we can estimate: enter ${name} up to ${maxText}.`,
    };
  return { value };
}

const roundTo = (value: number, step: number) => Math.round(value / step) * step;

/** Whole dollars with thousands separators: 4000 → "$4,000", -120 → "-$120". */
export function formatDollars(amount: number): string {
  const rounded = Math.round(amount);
  return `${rounded < 0 ? "-" : ""}$${groupThousands(Math.abs(rounded))}`;
}

const multipleWords = [
  "",
  "",
  "twice",
  "three times",
  "four times",
  "five times",
  "six times",
  "seven times",
  "eight times",
  "nine times",
  "ten times",
];

/** "eight times the price", "2.5 times the price", "about 40% of the price". */
export function describeMultiple(multiple: number): string {
  if (multiple < 1) return `about ${Math.round(multiple * 100)}% of the price`;
  if (Math.abs(multiple - 1) < 0.05) return "about the price";
  // Tenths by division, which gives 2.3 where multiplying by 0.1 gives 2.3000000000000003.
  const rounded = Math.round(multiple * 10) / 10;
  const word = Number.isInteger(rounded) ? multipleWords[rounded] : undefined;
  return `${word || `${groupThousands(rounded)} times`} the price`;
}

/**
 * The customer-paid convenience fee on one online order (spec §9): 1 % with
 * a $2 minimum, only from $10. The bakery pays none of it.
 */
export function customerConvenienceFee(orderDollars: number): number {
  if (orderDollars < convenienceFee.minimumOrderDollars) return 0;
  const fee = (orderDollars * convenienceFee.percent) / 100;
  return Math.max(convenienceFee.minimumDollars, roundTo(fee, 0.01));
}

/** The estimate shown on /pricing, from the visitor's typed figures. */
export function estimateSavings(input: SavingsInput): SavingsResult {
  const sales = parseAmount(input.monthlySales, {
    name: "monthly sales",
    max: bounds.monthlySales.max,
    maxText: "$5,000,000",
    example: "20000",
    required: true,
    money: { min: bounds.monthlySales.min, minText: "$100" },
  });
  const orders = parseAmount(input.ordersPerWeek, {
    name: "orders per week",
    max: bounds.ordersPerWeek.max,
    maxText: "20,000",
    example: "150",
    required: false,
  });
  const hours = parseAmount(input.hoursPerWeek, {
    name: "hours a week",
    max: bounds.hoursPerWeek.max,
    maxText: "168",
    example: "10",
    required: false,
  });
  const errors: SavingsErrors = {};
  if (sales.error) errors.monthlySales = sales.error;
  if (orders.error) errors.ordersPerWeek = orders.error;
  if (hours.error) errors.hoursPerWeek = hours.error;
  if (sales.value === null || Object.keys(errors).length > 0) return { ok: false, errors };

  const monthlySales = sales.value;
  const extraSales = Math.round(monthlySales * claims.salesLift);
  const priceMultiple = extraSales / monthlyPrice.amount;
  const ordersPerMonth = orders.value ? orders.value * weeksPerMonth : null;
  const estimate: SavingsEstimate = {
    monthlySales,
    extraSales,
    priceMultiple,
    net: extraSales - monthlyPrice.amount,
    deliveryLow: Math.round(monthlySales * claims.deliveryLift.low),
    deliveryHigh: Math.round(monthlySales * claims.deliveryLift.high),
    hoursSaved:
      hours.value === null
        ? null
        : roundTo(hours.value * claims.efficiencyGain * weeksPerMonth, 0.5),
    customerFeePerOrder: ordersPerMonth
      ? customerConvenienceFee(monthlySales / ordersPerMonth)
      : null,
    sentence: `At ${formatDollars(monthlySales)} a month, a 20% lift is ${formatDollars(extraSales)} a month, ${describeMultiple(priceMultiple)}.`,
  };
  return { ok: true, estimate };
}
