import { describe, expect, it, vi } from "vitest";
import {
  customerConvenienceFee,
  describeMultiple,
  estimateSavings,
  formatDollars,
} from "./savings-estimate.ts";

// The pricing data sits beside build-time plan ids this module never reads.
vi.hoisted(() => vi.stubGlobal("__SITE_CONFIG__", {}));

const input = (monthlySales: string, ordersPerWeek = "", hoursPerWeek = "") => ({
  monthlySales,
  ordersPerWeek,
  hoursPerWeek,
});

function estimateOf(monthlySales: string, ordersPerWeek = "", hoursPerWeek = "") {
  const result = estimateSavings(input(monthlySales, ordersPerWeek, hoursPerWeek));
  if (!result.ok) throw new Error(Object.values(result.errors).join(" "));
  return result.estimate;
}

describe("estimateSavings", () => {
  it("turns $20,000 a month into the 20% lift, eight times the price", () => {
    const estimate = estimateOf("20000");
    expect(estimate.extraSales).toBe(4000);
    expect(estimate.net).toBe(3500);
    expect(estimate.deliveryLow).toBe(2000);
    expect(estimate.deliveryHigh).toBe(4000);
    expect(estimate.sentence).toBe(
      "At $20,000 a month, a 20% lift is $4,000 a month, eight times the price.",
    );
  });

  it("reads dollar signs, separators and spaces", () => {
    expect(estimateOf(" $20,000 ").monthlySales).toBe(20000);
  });

  it("rounds the lift to whole dollars", () => {
    expect(estimateOf("1234.56").extraSales).toBe(247);
  });

  it("shows a negative net when the lift is below the price", () => {
    const estimate = estimateOf("1500");
    expect(estimate.net).toBe(-200);
    expect(estimate.sentence).toContain("about 60% of the price");
  });

  it("turns hours a week into hours saved a month at 25%, to the half hour", () => {
    expect(estimateOf("20000", "", "10").hoursSaved).toBe(11);
    expect(estimateOf("20000").hoursSaved).toBeNull();
  });

  it("gives the customer's fee at the average order size when orders are given", () => {
    // $26,000 over 100 orders a week is $60 an order: 1% is $0.60, so the $2 minimum.
    expect(estimateOf("26000", "100").customerFeePerOrder).toBe(2);
    expect(estimateOf("26000").customerFeePerOrder).toBeNull();
  });

  it.each([
    ["", "Enter your monthly sales."],
    ["-5", "Your monthly sales can't be negative."],
    ["lots", "Enter your monthly sales as a number, like 20000."],
    ["1e9", "Enter your monthly sales as a number, like 20000."],
    ["0", "Enter monthly sales above zero."],
    ["0.01", "Enter monthly sales of at least $100."],
    ["99.99", "Enter monthly sales of at least $100."],
    // Twenty thousand, written the European way: not read as $20.
    ["20.000", "Enter your monthly sales in dollars, like 20000."],
    ["5000001", "That is more than we can estimate: enter monthly sales up to $5,000,000."],
  ])("explains why %j is not monthly sales", (monthlySales, message) => {
    expect(estimateSavings(input(monthlySales))).toEqual({
      ok: false,
      errors: { monthlySales: message },
    });
  });

  it("gives each figure an example of its own when it is not a number", () => {
    expect(estimateSavings(input("20000", "many", "٣"))).toEqual({
      ok: false,
      errors: {
        ordersPerWeek: "Enter your orders per week as a number, like 150.",
        hoursPerWeek: "Enter your hours a week as a number, like 10.",
      },
    });
  });

  it("checks the optional figures only when given", () => {
    expect(estimateSavings(input("20000", "-1", "200"))).toEqual({
      ok: false,
      errors: {
        ordersPerWeek: "Your orders per week can't be negative.",
        hoursPerWeek: "That is more than we can estimate: enter hours a week up to 168.",
      },
    });
  });
});

describe("customerConvenienceFee", () => {
  it("charges nothing under $10, $2 up to $200, then 1% to the cent", () => {
    expect(customerConvenienceFee(9.99)).toBe(0);
    expect(customerConvenienceFee(10)).toBe(2);
    expect(customerConvenienceFee(200)).toBe(2);
    expect(customerConvenienceFee(345.67)).toBe(3.46);
  });
});

describe("describeMultiple", () => {
  it("says small whole multiples in words and others as numbers", () => {
    expect(describeMultiple(2)).toBe("twice the price");
    expect(describeMultiple(8)).toBe("eight times the price");
    expect(describeMultiple(2.46)).toBe("2.5 times the price");
    expect(describeMultiple(40)).toBe("40 times the price");
    expect(describeMultiple(1.02)).toBe("about the price");
  });
});

describe("formatDollars", () => {
  it("rounds to whole dollars with separators and a leading minus", () => {
    expect(formatDollars(4000.4)).toBe("$4,000");
    expect(formatDollars(-200)).toBe("-$200");
  });
});
