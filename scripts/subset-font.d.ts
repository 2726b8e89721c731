// subset-font ships no types; what scripts/subset-fonts.ts uses of it.
declare module "subset-font" {
  type AxisRange = number | { min: number; max: number; default?: number };
  export default function subsetFont(
    font: Uint8Array,
    text: string,
    options?: {
      targetFormat?: "sfnt" | "woff" | "woff2" | "truetype";
      variationAxes?: Record<string, AxisRange>;
    },
  ): Promise<Uint8Array>;
}
