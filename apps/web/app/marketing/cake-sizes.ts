/** Cake size options offered to customers (spec §3), combined into one list. */
export type CakeSize = {
  category: "round" | "two-tier" | "three-tier" | "sheet" | "3d";
  label: string;
};

const inches = (tiers: number[]) => `${tiers.join("/")} inch`;

const round = [6, 7, 8, 9, 10].map(
  (size): CakeSize => ({ category: "round", label: inches([size]) }),
);

const twoTier = [
  [6, 4],
  [7, 5],
  [8, 6],
  [9, 6],
  [9, 7],
  [10, 8],
].map((tiers): CakeSize => ({ category: "two-tier", label: inches(tiers) }));

const threeTier = [
  [8, 6, 4],
  [9, 7, 5],
  [10, 8, 6],
  [11, 9, 7],
  [12, 10, 8],
].map((tiers): CakeSize => ({ category: "three-tier", label: inches(tiers) }));

const sheet: CakeSize[] = [
  { category: "sheet", label: "Quarter Sheet 9x13 inch" },
  { category: "sheet", label: "Half Sheet 13x18 inch" },
  { category: "sheet", label: "Full Sheet 18x26 inch" },
];

const threeD: CakeSize[] = [
  { category: "3d", label: "8x6 inch" },
  { category: "3d", label: "10x6 inch" },
];

export const cakeSizes: CakeSize[] = [...round, ...twoTier, ...threeTier, ...sheet, ...threeD];
