import { formatUsd } from "#app/lib/us-number-format.ts";
import { balanceDaysBeforePickup, type CakeQuote, formatCalendarDate } from "./cake-quote.ts";

/** What the sample quote asks for now and what it collects before pickup. */
export default function CakeQuoteSummary({ quote }: { quote: CakeQuote }) {
  return (
    <>
      <p className="text-ink">
        {`${quote.size} cake: ${formatUsd(quote.price)}. `}
        <strong>{`Deposit now: ${formatUsd(quote.deposit)}.`}</strong>
      </p>
      <p className="mt-1">
        {quote.balanceDate
          ? `Balance of ${formatUsd(quote.balance)} collected automatically on ${formatCalendarDate(quote.balanceDate)}, ${balanceDaysBeforePickup} days before pickup.`
          : `Pickup is ${balanceDaysBeforePickup} days away or less, so the balance of ${formatUsd(quote.balance)} is collected with the deposit, at booking.`}
      </p>
    </>
  );
}
