import { scanAddress } from "@bakery/shared/scan-marker";

export type QrImageFormat = "svg" | "png";

/**
 * Print size: 1200 px across is 10 cm at 300 dpi, sharp on a flyer or a poster's corner. The
 * quiet zone of 4 modules is what the standard asks for, so a code printed on a busy background
 * still scans; error correction M survives a crease or a smudge and keeps the code small.
 */
export const QR_PRINT = { width: 1200, margin: 4, errorCorrectionLevel: "M" } as const;

/** The file a link's QR code is saved as: `rise-link-promo-spring.svg`. */
export function qrFileName(cat: string, id: string, format: QrImageFormat): string {
  return `rise-link-${cat}-${id}.${format}`;
}

/**
 * The QR code of the short link at `linkAddress` (its full address), encoding it with the
 * scan marker so that scans are counted apart from clicks (docs/decisions/0024), as a file
 * of `format`. The QR library is loaded here, when an operator first asks for a code, never
 * with the dashboard or any other page.
 */
export async function qrCodeImage(linkAddress: string, format: QrImageFormat): Promise<Blob> {
  const qrcode = await import("qrcode");
  const text = scanAddress(linkAddress);
  if (format === "svg") {
    const svg = await qrcode.toString(text, { ...QR_PRINT, type: "svg" });
    return new Blob([svg], { type: "image/svg+xml" });
  }
  const canvas = document.createElement("canvas");
  await qrcode.toCanvas(canvas, text, QR_PRINT);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (png) => (png ? resolve(png) : reject(new Error("the browser could not make the PNG"))),
      "image/png",
    ),
  );
}
