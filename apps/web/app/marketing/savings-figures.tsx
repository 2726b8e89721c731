import { convenienceFee, monthlyPrice } from "./pricing.ts";
import { formatDollars, type SavingsEstimate } from "./savings-estimate.ts";

/** The estimate's sentence and figures, each with the claim it comes from. */
export default function SavingsFigures({ estimate }: { estimate: SavingsEstimate }) {
  return (
    <>
      <p className="font-display font-semibold text-2xl text-ink">{estimate.sentence}</p>
      <dl className="mt-5 flex flex-col gap-4">
        <Figure
          term="Extra sales a month"
          value={formatDollars(estimate.extraSales)}
          source="The claimed 20% increase in sales."
        />
        <Figure
          term={`Net after the $${monthlyPrice.amount} price`}
          value={`${formatDollars(estimate.net)} a month`}
          source={`Extra sales minus $${monthlyPrice.amount}. The ${convenienceFee.percent}% convenience fee is paid by your customers, not you.${estimate.customerFeePerOrder === null ? "" : ` At your average order it is $${estimate.customerFeePerOrder.toFixed(2)} an online order.`}`}
        />
        <Figure
          term="Hours saved a month"
          value={estimate.hoursSaved === null ? "Add your hours" : `${estimate.hoursSaved} hours`}
          source="The claimed 25% increase in employee efficiency."
        />
        <Figure
          term="If you add delivery"
          value={`${formatDollars(estimate.deliveryLow)} to ${formatDollars(estimate.deliveryHigh)}`}
          source="The claim that delivery adds 10–20% in sales; not in the net."
        />
        <Figure
          term="Customers coming back"
          value="15% more"
          source="The claimed 15% increase in customer retention; part of the sales lift, not added again."
        />
      </dl>
    </>
  );
}

function Figure({ term, value, source }: { term: string; value: string; source: string }) {
  return (
    <div>
      <dt className="text-cocoa">{term}</dt>
      <dd className="font-semibold text-ink text-xl">{value}</dd>
      <dd className="text-cocoa text-sm">{source}</dd>
    </div>
  );
}
