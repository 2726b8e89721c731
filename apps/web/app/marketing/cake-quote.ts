import { cakeSizes } from "./cake-sizes.ts";
import { exampleCakePrices } from "./example-cake-prices.ts";

/** Share of the price paid when the order is placed. */
export const depositShare = 0.5;
/** The balance is charged automatically this many days before pickup (spec §9). */
export const balanceDaysBeforePickup = 7;
/** Pickup dates further out than this are refused as likely typos. */
const maxDaysAhead = 730;

export type CakeQuote = {
  size: string;
  price: number;
  deposit: number;
  balance: number;
  /** The day the balance is charged, as YYYY-MM-DD; null when it is paid with the deposit. */
  balanceDate: string | null;
};

/** The form's field a quote's error is about. */
export type CakeQuoteField = "size" | "pickup";

export type CakeQuoteResult =
  | { ok: true; quote: CakeQuote }
  | { ok: false; error: string; field: CakeQuoteField };

const dayMs = 86_400_000;

/** Days since the epoch of a YYYY-MM-DD calendar date, or null when it is no real date. */
function dayNumber(date: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const time = Date.UTC(year, month - 1, day);
  // Date.UTC rolls 2026-02-30 over to March; a real date survives the round trip.
  return new Date(time).toISOString().startsWith(date) ? time / dayMs : null;
}

const calendarDate = (days: number) => new Date(days * dayMs).toISOString().slice(0, 10);

/** The visitor's own calendar date, so "today" is theirs and not the server's or UTC's. */
export function localDate(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const months = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/**
 * "Friday, December 4, 2026" for a YYYY-MM-DD date. Written out rather than with
 * toLocaleDateString, whose first call on a page sets up the locale's date formatting on the
 * main thread (tens of milliseconds on a slow phone) just as the visitor's quote appears.
 */
export function formatCalendarDate(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  return `${weekdays[day.getUTCDay()]}, ${months[day.getUTCMonth()]} ${day.getUTCDate()}, ${day.getUTCFullYear()}`;
}

/** A sample quote for one cake size and pickup date, both as the form sends them. */
export function quoteCake(size: string, pickupDate: string, today: string): CakeQuoteResult {
  const price = cakeSizes.some((cake) => cake.label === size) ? exampleCakePrices[size] : undefined;
  if (price === undefined) return { ok: false, error: "Choose a cake size.", field: "size" };
  const pickupError = (error: string) => ({ ok: false, error, field: "pickup" }) as const;
  if (pickupDate === "") return pickupError("Choose a pickup date.");
  const pickup = dayNumber(pickupDate);
  const now = dayNumber(today);
  if (pickup === null || now === null) return pickupError("Choose a pickup date.");
  if (pickup <= now) return pickupError("Choose a pickup date after today.");
  if (pickup - now > maxDaysAhead)
    return pickupError("Choose a pickup date within the next two years.");

  const deposit = Math.round(price * depositShare * 100) / 100;
  const balanceDay = pickup - balanceDaysBeforePickup;
  return {
    ok: true,
    quote: {
      size,
      price,
      deposit,
      balance: price - deposit,
      balanceDate: balanceDay > now ? calendarDate(balanceDay) : null,
    },
  };
}
