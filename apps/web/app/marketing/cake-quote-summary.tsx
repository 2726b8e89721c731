import { balanceDaysBeforePickup, type CakeQuote, formatCalendarDate } from "./cake-quote.ts";

const money = (amount: number) =>
  amount.toLocaleString("en-US", { style: "currency", currency: "USD" });

/** What the sample quote asks for now and what it collects before pickup. */
export default function CakeQuoteSummary({ quote }: { quote: CakeQuote }) {
  return (
    <>
      <p className="text-ink">
        {`${quote.size} cake: ${money(quote.price)}. `}
        <strong>{`Deposit now: ${money(quote.deposit)}.`}</strong>
      </p>
      <p className="mt-1">
        {quote.balanceDate
          ? `Balance of ${money(quote.balance)} collected automatically on ${formatCalendarDate(quote.balanceDate)}, ${balanceDaysBeforePickup} days before pickup.`
          : `Pickup is ${balanceDaysBeforePickup} days away or less, so the balance of ${money(quote.balance)} is collected with the deposit, at booking.`}
      </p>
    </>
  );
}
