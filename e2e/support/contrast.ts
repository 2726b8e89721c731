import { expect, type Locator, type Page } from "@playwright/test";

/** An opaque sRGB colour, each channel 0–255. */
export type Rgb = [number, number, number];

/** WCAG's contrast ratio of two opaque colours, from 1 (the same) to 21 (black on white). */
export function contrastRatio(one: Rgb, other: Rgb): number {
  const luminance = (colour: Rgb) => {
    const [red, green, blue] = colour.map((channel) => {
      const value = channel / 255;
      return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    }) as Rgb;
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
  };
  const [lighter, darker] = [luminance(one), luminance(other)].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return (lighter + 0.05) / (darker + 0.05);
}

/** What an element is drawn with, as opaque colours (a see-through one is left out). */
export type PaintedColours = {
  /** Its outline's colour. */
  outline: Rgb | null;
  /** The colours of its border's sides that are drawn. */
  borders: Rgb[];
  /** Its own background colour. */
  fill: Rgb | null;
  /**
   * What shows around it: the nearest ancestor's opaque background colour, or every opaque
   * colour of the nearest background gradient (its colour lies between them), with the
   * background colours of the see-through layers between.
   */
  behind: Rgb[];
};

/** The colours the browser draws the element with, resolved from any CSS colour syntax. */
export async function paintedColours(element: Locator): Promise<PaintedColours> {
  return element.evaluate((target) => {
    const canvas = document.createElement("canvas");
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext("2d", { willReadFrequently: true });
    if (!context) throw new Error("No canvas to read colours with");
    type Rgb = [number, number, number];
    const opaque = (css: string): Rgb | null => {
      context.clearRect(0, 0, 1, 1);
      // A colour the canvas cannot read leaves the fill as it was: see-through, so left out.
      context.fillStyle = "transparent";
      context.fillStyle = css;
      context.fillRect(0, 0, 1, 1);
      const [red, green, blue, alpha] = context.getImageData(0, 0, 1, 1).data;
      return alpha === 255 ? [red as number, green as number, blue as number] : null;
    };
    const present = (colours: (Rgb | null)[]) =>
      colours.filter((colour): colour is Rgb => colour !== null);
    const gradientColours = (image: string) =>
      (image.match(/(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\([^()]*\)/g) ?? []).map(opaque);

    const style = getComputedStyle(target);
    const behind: Rgb[] = [];
    for (let layer = target.parentElement; layer; layer = layer.parentElement) {
      const layerStyle = getComputedStyle(layer);
      const fill = opaque(layerStyle.backgroundColor);
      const gradient = gradientColours(layerStyle.backgroundImage);
      if (fill) {
        behind.push(fill);
        break;
      }
      if (gradient.length > 0 && gradient.every(Boolean)) {
        behind.push(...present(gradient));
        break;
      }
    }
    if (behind.length === 0) behind.push([255, 255, 255]);
    return {
      outline: style.outlineStyle === "none" ? null : opaque(style.outlineColor),
      borders: present(
        ["top", "right", "bottom", "left"].map((side) =>
          style.getPropertyValue(`border-${side}-style`) === "none" ||
          Number.parseFloat(style.getPropertyValue(`border-${side}-width`)) === 0
            ? null
            : opaque(style.getPropertyValue(`border-${side}-color`)),
        ),
      ),
      fill: opaque(style.backgroundColor),
      behind,
    };
  });
}

/**
 * WCAG 1.4.11: every text field and select on the page shows its edge at 3:1 or more against
 * its own background and the one around it, so a visitor sees where to type.
 */
export async function expectFieldEdgesToStandOut(page: Page) {
  const fields = page.locator("input:not([type=hidden]), select, textarea").filter({
    visible: true,
  });
  await expect(fields.first()).toBeVisible();
  const weak: string[] = [];
  for (const field of await fields.all()) {
    const colours = await paintedColours(field);
    expect(colours.borders, "a field with no visible border").toHaveLength(4);
    const against = [...(colours.fill ? [colours.fill] : []), ...colours.behind];
    const lowest = Math.min(
      ...colours.borders.flatMap((border) => against.map((next) => contrastRatio(border, next))),
    );
    if (lowest < 3) {
      const name = await field.evaluate(
        (element: HTMLInputElement) => element.labels?.[0]?.textContent?.trim() || element.id,
      );
      weak.push(`${name}: ${lowest.toFixed(2)}:1`);
    }
  }
  expect(weak, "fields whose edge contrasts below 3:1").toEqual([]);
}
