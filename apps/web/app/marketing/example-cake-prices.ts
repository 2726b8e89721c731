/**
 * Example prices in dollars, one per cake size, for the landing page's sample
 * quote. They are illustrations only: each bakery sets its own prices.
 */
export const exampleCakePrices: Record<string, number> = {
  "6 inch": 45,
  "7 inch": 55,
  "8 inch": 65,
  "9 inch": 75,
  "10 inch": 85,
  "6/4 inch": 120,
  "7/5 inch": 140,
  "8/6 inch": 165,
  "9/6 inch": 180,
  "9/7 inch": 195,
  "10/8 inch": 225,
  "8/6/4 inch": 260,
  "9/7/5 inch": 300,
  "10/8/6 inch": 345,
  "11/9/7 inch": 395,
  "12/10/8 inch": 450,
  "Quarter Sheet 9x13 inch": 60,
  "Half Sheet 13x18 inch": 95,
  "Full Sheet 18x26 inch": 170,
  "8x6 inch": 150,
  "10x6 inch": 185,
};
